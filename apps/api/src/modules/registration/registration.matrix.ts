import { apiPaths, type QuestionnaireAnswersBody } from '@vatlas/contract';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';

const answers: QuestionnaireAnswersBody = {
  establishmentCountryCode: 'DE',
  ownWarehouseCountries: [],
  fulfilmentCenterCountries: ['PL'],
  euDistanceSales: { currentYear: '0', previousYear: '0' },
  marketplaceDeemedSupplier: 'none',
  hasLowValueImports: false,
  ukSales: '0',
  swissSales: '0',
  worldwideTurnover: '0',
  norwaySales: '0',
};

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Questionnaire/:companyId',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.questionnaire(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PUT /api/v1/Questionnaire/:companyId',
    scope: 'company',
    build: (context) =>
      withToken(context, { method: 'PUT', url: apiPaths.questionnaire(context.companyId), payload: answers }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Registration/:companyId/Jurisdictions',
    scope: 'company',
    build: (context) =>
      withToken(context, { method: 'GET', url: apiPaths.registrationJurisdictions(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PUT /api/v1/Registration/:companyId/Jurisdictions',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'PUT',
        url: apiPaths.registrationJurisdictions(context.companyId),
        payload: { countryCodes: ['PL'] },
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Registration/:companyId/JurisdictionInfo',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.jurisdictionInfo(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
];
