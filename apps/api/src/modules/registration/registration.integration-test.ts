import {
  apiErrorSchema,
  apiPaths,
  jurisdictionInfoResponseSchema,
  jurisdictionsResponseSchema,
  type QuestionnaireAnswersBody,
  questionnaireResponseSchema,
} from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyJurisdictions, onboardingStates } from '../../db/schema';
import { forEachDatabase, holdInTransaction, untilWaitingForLocks } from '../../test/databases';
import { createTestConfig, createTestProvider, type TestProvider } from '../../test/test-app';
import {
  bearer,
  buildAccountTestApp,
  createCompany,
  createHomeTenant,
  createPerson,
  createRecordingMailer,
  type Person,
  signIn,
} from '../user/account-test-kit';
import { lockJurisdictionSelection } from './repository';

const usSellerWithFbaStock: QuestionnaireAnswersBody = {
  establishmentCountryCode: 'US',
  ownWarehouseCountries: [],
  fulfilmentCenterCountries: ['DE', 'FR'],
  euDistanceSales: { currentYear: '12000.50', previousYear: '0' },
  marketplaceDeemedSupplier: 'some',
  hasLowValueImports: true,
  ukSales: '0',
  swissSales: '0',
  worldwideTurnover: '0',
  norwaySales: '60000',
};

forEachDatabase('questionnaire and registration', (context) => {
  const issuer = createTestConfig().auth.issuer;
  let app: FastifyInstance;
  let provider: TestProvider;
  let owner: Person;
  let companyId: string;
  let token: string;

  const db = () => context.database.db;
  const call = (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  const expectInvalidField = (response: { statusCode: number; json(): unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.code).toBe('validation_error');
    expect((body.details as { field: string }[]).map((detail) => detail.field)).toContain(field);
  };
  const freshCompany = async (name: string) => createCompany(db(), { tenantId: owner.tenantId, name, owners: [owner] });

  beforeAll(async () => {
    provider = await createTestProvider(createTestConfig());
    app = await buildAccountTestApp(context.database, { provider, mailer: createRecordingMailer() });
    const tenantId = await createHomeTenant(db());
    owner = await createPerson(db(), { tenantId, label: 'registration-owner', issuer });
    companyId = await freshCompany('Registration GmbH');
    token = await signIn(app, provider, owner);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('GET/PUT /api/v1/Questionnaire/{companyId}', () => {
    it('answers nulls before the questionnaire was saved', async () => {
      const response = await call({ method: 'GET', url: apiPaths.questionnaire(companyId) });
      expect(response.statusCode).toBe(200);
      expect(questionnaireResponseSchema.parse(response.json())).toEqual({
        answers: null,
        assessment: null,
        assessedAt: null,
      });
    });

    it('saves the answers, computes the assessment with reasons and answers both; GET reads them back', async () => {
      const put = await call({ method: 'PUT', url: apiPaths.questionnaire(companyId), payload: usSellerWithFbaStock });
      expect(put.statusCode).toBe(200);
      const saved = questionnaireResponseSchema.parse(put.json());
      expect(saved.answers).toEqual(usSellerWithFbaStock);
      const byCode = new Map(saved.assessment?.jurisdictions.map((item) => [item.countryCode, item]));
      expect(byCode.get('FR')?.reasons.map((item) => item.code)).toEqual([
        'stock-held',
        'marketplace-does-not-remove-stock-registration',
        'fiscal-representative-required',
        'stock-registration-despite-oss',
      ]);
      expect(byCode.get('FR')?.reasons[0]?.sources).toContain('AV-FR');
      expect(byCode.get('DE')?.needsFiscalRepresentative).toBe(false);
      expect(byCode.get('NO')?.isRequired).toBe(true);
      expect(saved.assessment?.oss.recommended).toBe(true);
      expect(saved.assessment?.ioss.notes.map((item) => item.code)).toEqual(['ioss-intermediary-required']);

      const get = questionnaireResponseSchema.parse(
        (await call({ method: 'GET', url: apiPaths.questionnaire(companyId) })).json(),
      );
      expect(get).toEqual(saved);
    });

    it.each([
      ['ukSales', { ukSales: '12,50' }],
      ['euDistanceSales.currentYear', { euDistanceSales: { currentYear: '-1', previousYear: '0' } }],
      ['fulfilmentCenterCountries.0', { fulfilmentCenterCountries: ['US'] }],
      ['establishmentCountryCode', { establishmentCountryCode: 'germany' }],
      ['marketplaceDeemedSupplier', { marketplaceDeemedSupplier: 'most' }],
    ])('answers 400 naming %s and keeps the saved answers', async (field, change) => {
      const response = await call({
        method: 'PUT',
        url: apiPaths.questionnaire(companyId),
        payload: { ...usSellerWithFbaStock, ...change },
      });
      expectInvalidField(response, field);
      const [row] = await db()
        .select({ questionnaire: onboardingStates.questionnaire })
        .from(onboardingStates)
        .where(eq(onboardingStates.companyId, companyId));
      expect(row?.questionnaire).toEqual(usSellerWithFbaStock);
    });
  });

  describe('GET/PUT /api/v1/Registration/{companyId}/Jurisdictions', () => {
    it('lists all 30 with the assessment’s required countries pre-selected, with reasons', async () => {
      const body = jurisdictionsResponseSchema.parse(
        (await call({ method: 'GET', url: apiPaths.registrationJurisdictions(companyId) })).json(),
      );
      expect(body.jurisdictions).toHaveLength(30);
      expect(body.isSaved).toBe(false);
      expect(body.hasAssessment).toBe(true);
      const selected = body.jurisdictions.filter((item) => item.selected).map((item) => item.countryCode);
      expect(selected.sort()).toEqual(['DE', 'FR', 'NO']);
      expect(body.jurisdictions.find((item) => item.countryCode === 'FR')?.reasons.length).toBeGreaterThan(0);
      expect(body.jurisdictions.filter((item) => !item.isEu).map((item) => item.countryCode)).toEqual([
        'GB',
        'CH',
        'NO',
      ]);
    });

    it('saves the selection in one go, completes the jurisdictions step, and a second save replaces it', async () => {
      const first = await call({
        method: 'PUT',
        url: apiPaths.registrationJurisdictions(companyId),
        payload: { countryCodes: ['FR', 'DE', 'IT'] },
      });
      expect(first.statusCode).toBe(200);
      const body = jurisdictionsResponseSchema.parse(first.json());
      expect(body.isSaved).toBe(true);
      expect(body.jurisdictions.filter((item) => item.selected).map((item) => item.countryCode)).toEqual([
        'FR',
        'DE',
        'IT',
      ]);
      const rows = await db().select().from(companyJurisdictions).where(eq(companyJurisdictions.companyId, companyId));
      expect(Object.fromEntries(rows.map((row) => [row.countryCode, row.source]))).toEqual({
        FR: 'assessment',
        DE: 'assessment',
        IT: 'user',
      });
      const [state] = await db().select().from(onboardingStates).where(eq(onboardingStates.companyId, companyId));
      expect(state?.steps.find((step) => step.id === 'jurisdictions')?.status).toBe('completed');

      await call({
        method: 'PUT',
        url: apiPaths.registrationJurisdictions(companyId),
        payload: { countryCodes: ['FR', 'NO'] },
      });
      const after = await db().select().from(companyJurisdictions).where(eq(companyJurisdictions.companyId, companyId));
      expect(after.map((row) => row.countryCode).sort()).toEqual(['FR', 'NO']);
    });

    it('of two selections saved at the same moment, keeps the second as it is, not both together', async () => {
      const save = (countryCodes: string[]) =>
        call({ method: 'PUT', url: apiPaths.registrationJurisdictions(companyId), payload: { countryCodes } });
      // Held until one save, then another, wait for the company's selection.
      const holder = await holdInTransaction(db(), (txDb) => lockJurisdictionSelection(txDb, companyId));
      let answers: Promise<{ statusCode: number }[]>;
      try {
        const first = save(['DE']);
        await untilWaitingForLocks(context, 1);
        const second = save(['PL']);
        await untilWaitingForLocks(context, 2);
        answers = Promise.all([first, second]);
      } finally {
        await holder.release();
      }
      expect((await answers).map((response) => response.statusCode)).toEqual([200, 200]);
      const rows = await db().select().from(companyJurisdictions).where(eq(companyJurisdictions.companyId, companyId));
      expect(rows.map((row) => row.countryCode)).toEqual(['PL']);
      // As the tests after this one find it.
      expect((await save(['FR', 'NO'])).statusCode).toBe(200);
    });

    it.each([
      ['countryCodes', []],
      ['countryCodes', ['FR', 'FR']],
      ['countryCodes.0', ['US']],
    ])('answers 400 naming %s for %j and changes nothing', async (field, countryCodes) => {
      const response = await call({
        method: 'PUT',
        url: apiPaths.registrationJurisdictions(companyId),
        payload: { countryCodes },
      });
      expectInvalidField(response, field);
      const rows = await db().select().from(companyJurisdictions).where(eq(companyJurisdictions.companyId, companyId));
      expect(rows.map((row) => row.countryCode).sort()).toEqual(['FR', 'NO']);
    });

    it('pre-selects nothing without an assessment and still lists 30', async () => {
      const other = await freshCompany('No Assessment Ltd');
      const body = jurisdictionsResponseSchema.parse(
        (await call({ method: 'GET', url: apiPaths.registrationJurisdictions(other) })).json(),
      );
      expect(body.hasAssessment).toBe(false);
      expect(body.jurisdictions.some((item) => item.selected)).toBe(false);
      expect(body.jurisdictions).toHaveLength(30);
    });
  });

  describe('GET /api/v1/Registration/{companyId}/JurisdictionInfo', () => {
    it('describes each selected country for this non-EU seller: documents, representative, frequency, sources', async () => {
      const body = jurisdictionInfoResponseSchema.parse(
        (await call({ method: 'GET', url: apiPaths.jurisdictionInfo(companyId) })).json(),
      );
      expect(body.establishmentCountryCode).toBe('US');
      expect(body.isEuEstablished).toBe(false);
      expect(body.jurisdictions.map((item) => item.countryCode)).toEqual(['FR', 'NO']);
      const [france, norway] = body.jurisdictions;
      expect(france?.needsFiscalRepresentative).toBe(true);
      expect(france?.documents.map((doc) => doc.type)).toContain('fiscal-representative-appointment');
      expect(france?.proposedReturnFrequency.value).toBe('monthly');
      expect(france?.fiscalRepresentative.sources).toContain('AV-FR');
      expect(norway?.nonResidentThreshold.value).toEqual({
        amount: '50000',
        currency: 'NOK',
        basis: 'local-turnover-12-months',
      });
      expect(norway?.needsFiscalRepresentative).toBe(true);
    });

    it('an EU seller needs no representative in FR', async () => {
      const eu = await freshCompany('EU Seller SARL');
      await call({
        method: 'PUT',
        url: apiPaths.questionnaire(eu),
        payload: { ...usSellerWithFbaStock, establishmentCountryCode: 'DE' },
      });
      await call({ method: 'PUT', url: apiPaths.registrationJurisdictions(eu), payload: { countryCodes: ['FR'] } });
      const body = jurisdictionInfoResponseSchema.parse(
        (await call({ method: 'GET', url: apiPaths.jurisdictionInfo(eu) })).json(),
      );
      expect(body.isEuEstablished).toBe(true);
      expect(body.jurisdictions[0]?.needsFiscalRepresentative).toBe(false);
      expect(body.jurisdictions[0]?.documents.map((doc) => doc.type)).not.toContain(
        'fiscal-representative-appointment',
      );
    });
  });
});
