import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';
import { BUSINESS_PROFILE_ROUTE_PATTERNS as PATTERNS } from './routes';

/** Valid bodies: a member's PUT must pass validation, so its 200 proves access and not a 400 in disguise. */
const adultBornOn = () => `${new Date().getFullYear() - 40}-01-15`;
const expiresOn = () => `${new Date().getFullYear() + 5}-06-30`;

export const matrixEntries: MatrixEntry[] = [
  {
    route: `GET ${PATTERNS.legalRepresentative}`,
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.legalRepresentative(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: `PUT ${PATTERNS.legalRepresentative}`,
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'PUT',
        url: apiPaths.legalRepresentative(context.companyId),
        payload: {
          firstName: 'Matrix',
          lastName: 'Tester',
          dateOfBirth: adultBornOn(),
          nationality: 'DE',
          idDocumentType: 'passport',
          idDocumentNumber: 'C01X00T47',
          idDocumentExpiry: expiresOn(),
        },
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: `GET ${PATTERNS.businessDetails}`,
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.businessDetails(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: `PUT ${PATTERNS.businessDetails}`,
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'PUT',
        url: apiPaths.businessDetails(context.companyId),
        // The matrix company has no establishment country: a generic legal form, and no VAT number to check.
        payload: {
          legalNameOfBusiness: 'Matrix GmbH',
          legalForm: 'limited-company',
          incorporationNumber: 'HRB 1',
          incorporationDate: '2020-01-01',
          vatNumber: '',
        },
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: `GET ${PATTERNS.bankAccount}`,
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.bankAccount(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: `PUT ${PATTERNS.bankAccount}`,
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'PUT',
        url: apiPaths.bankAccount(context.companyId),
        payload: { accountHolder: 'Matrix GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      }),
    expected: expectCompanyScoped(200),
  },
];
