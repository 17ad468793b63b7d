import { apiPaths, companyDetailsSchema, onboardingResponseSchema, userSchema } from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, companyJurisdictions, companyUsers, onboardingStates } from '../../db/schema';
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
import { findOnboardingStateForUpdate } from './repository';
import { markStepCompleted } from './step-service';

const GOOD_BUSINESS_TYPE = {
  legalNameOfBusiness: 'Nordlicht Handel GmbH',
  establishmentCountryCode: 'DE',
  companyType: 'corporation',
  legalForm: 'gmbh',
  termsAndConditionsAccepted: true,
};
const GOOD_ADDRESS = {
  street: 'Invalidenstraße',
  houseNumber: '117',
  zipCode: '10115',
  city: 'Berlin',
  state: 'Berlin',
};
const GOOD_PRODUCT_TYPE = {
  productTypes: ['physical-goods', 'digital-services'],
  salesChannels: ['own-webshop', 'marketplaces'],
  marketplaces: ['amazon', 'ebay'],
};

forEachDatabase('onboarding API', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;
  let tenantId: string;
  let owner: Person;
  let outsider: Person;
  let companyId: string;
  let ownerToken: string;
  let outsiderToken: string;

  beforeAll(async () => {
    const db = context.database.db;
    provider = await createTestProvider(config);
    app = await buildAccountTestApp(context.database, { provider, mailer: createRecordingMailer() });
    tenantId = await createHomeTenant(db);
    owner = await createPerson(db, { tenantId, label: 'onboarding-owner', issuer: config.auth.issuer });
    outsider = await createPerson(db, { tenantId, label: 'onboarding-outsider', issuer: config.auth.issuer });
    await createCompany(db, { tenantId, name: 'Outsider Co', owners: [outsider] });
    ownerToken = await signIn(app, provider, owner);
    outsiderToken = await signIn(app, provider, outsider);
  });
  afterAll(async () => {
    await app?.close();
  });

  // Every test starts from a fresh company with placeholders, as POST Company leaves it.
  beforeEach(async () => {
    companyId = await createCompany(context.database.db, { tenantId, name: 'Fresh Co', owners: [owner] });
  });

  const call = (token: string | null, options: InjectOptions) =>
    app.inject(token ? { ...options, headers: { ...options.headers, ...bearer(token) } } : options);
  const readOnboarding = async () => {
    const response = await call(ownerToken, { method: 'GET', url: apiPaths.onboarding(companyId) });
    expect(response.statusCode).toBe(200);
    return onboardingResponseSchema.parse(response.json());
  };
  const readCompanyRow = async () =>
    (await context.database.db.select().from(companies).where(eq(companies.id, companyId)))[0];
  const expectFieldError = (response: { statusCode: number; json: () => unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; details: { field: string }[] };
    expect(body.code).toBe('validation_error');
    expect(body.details.map((detail) => detail.field.split('.')[0])).toContain(field);
  };

  describe('POST Company', () => {
    it('creates a company with placeholders, the caller as owner and the default steps', async () => {
      const response = await call(ownerToken, {
        method: 'POST',
        url: apiPaths.createCompany,
        payload: { legalNameOfBusiness: '  Neu GmbH ' },
      });
      expect(response.statusCode).toBe(201);
      const created = companyDetailsSchema.parse(response.json());
      expect(created).toMatchObject({ legalNameOfBusiness: 'Neu GmbH', city: 'TBD', zipCode: '00000' });
      const db = context.database.db;
      const [membership] = await db.select().from(companyUsers).where(eq(companyUsers.companyId, created.companyId));
      expect(membership).toMatchObject({ userId: owner.id, role: 'owner' });
      const [state] = await db.select().from(onboardingStates).where(eq(onboardingStates.companyId, created.companyId));
      expect(state?.steps.map((step) => step.status)).toEqual([
        'completed',
        'completed',
        'active',
        'pending',
        'pending',
      ]);
      // Me lists it, terms not accepted yet, so the guard sends the user to business-type.
      const me = userSchema.parse((await call(ownerToken, { method: 'GET', url: apiPaths.userMe })).json());
      expect(me.companies.find((company) => company.id === created.companyId)?.termsAndConditionsAccepted).toBe(false);
    });

    it('answers 400 naming legalNameOfBusiness for a blank name', async () => {
      const response = await call(ownerToken, {
        method: 'POST',
        url: apiPaths.createCompany,
        payload: { legalNameOfBusiness: '   ' },
      });
      expectFieldError(response, 'legalNameOfBusiness');
    });

    it('answers 401 without a token', async () => {
      const response = await call(null, {
        method: 'POST',
        url: apiPaths.createCompany,
        payload: { legalNameOfBusiness: 'X' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET Onboarding', () => {
    it('answers the derived steps, progress 40 %, minutes left and the next path of a fresh company', async () => {
      const onboarding = await readOnboarding();
      expect(onboarding.steps.map((step) => [step.id, step.status])).toEqual([
        ['account-creation', 'completed'],
        ['tax-assessment', 'completed'],
        ['business-details', 'active'],
        ['jurisdictions', 'pending'],
        ['document-center', 'pending'],
      ]);
      expect(onboarding.progress).toEqual({ completedSteps: 2, totalSteps: 5, completionPercentage: 40 });
      expect(onboarding.estimatedMinutesLeft).toBe(5 + 7 + 8);
      expect(onboarding.nextPath).toBe('/onboarding/business-type');
      expect(onboarding.isComplete).toBe(false);
      // Placeholders are not values.
      expect(onboarding.address).toMatchObject({ zipCode: null, city: null });
    });

    it('answers 403 to an outsider and 401 without a token', async () => {
      expect((await call(outsiderToken, { method: 'GET', url: apiPaths.onboarding(companyId) })).statusCode).toBe(403);
      expect((await call(null, { method: 'GET', url: apiPaths.onboarding(companyId) })).statusCode).toBe(401);
    });
  });

  describe('PUT BusinessType', () => {
    const put = (token: string | null, payload: unknown) =>
      call(token, { method: 'PUT', url: apiPaths.businessType(companyId), payload: payload as object });

    it('saves name, country, type, legal form and the terms (with their time), shown by Me', async () => {
      const response = await put(ownerToken, GOOD_BUSINESS_TYPE);
      expect(response.statusCode).toBe(200);
      const onboarding = onboardingResponseSchema.parse(response.json());
      expect(onboarding.businessType).toEqual({
        legalNameOfBusiness: 'Nordlicht Handel GmbH',
        establishmentCountryCode: 'DE',
        companyType: 'corporation',
        legalForm: 'gmbh',
      });
      expect(onboarding.termsAndConditionsAccepted).toBe(true);
      expect(onboarding.termsAcceptedAt).not.toBeNull();
      // Street still missing: the next-step rule keeps the user in business-details (spec §4 rule 2).
      expect(onboarding.nextPath).toBe('/onboarding/business-type');
      const me = userSchema.parse((await call(ownerToken, { method: 'GET', url: apiPaths.userMe })).json());
      expect(me.companies.find((company) => company.id === companyId)?.termsAndConditionsAccepted).toBe(true);
    });

    it('keeps the first acceptance time when the page is saved again', async () => {
      await put(ownerToken, GOOD_BUSINESS_TYPE);
      const first = (await readCompanyRow())?.termsAcceptedAt;
      await put(ownerToken, { ...GOOD_BUSINESS_TYPE, legalNameOfBusiness: 'Renamed GmbH' });
      expect((await readCompanyRow())?.termsAcceptedAt?.toISOString()).toBe(first?.toISOString());
    });

    it.each([
      ['legalForm', { ...GOOD_BUSINESS_TYPE, legalForm: 'sarl' }],
      ['legalForm', { ...GOOD_BUSINESS_TYPE, companyType: 'sole-trader' }],
      ['establishmentCountryCode', { ...GOOD_BUSINESS_TYPE, establishmentCountryCode: 'XX' }],
      ['establishmentCountryCode', { ...GOOD_BUSINESS_TYPE, establishmentCountryCode: 'de' }],
      ['termsAndConditionsAccepted', { ...GOOD_BUSINESS_TYPE, termsAndConditionsAccepted: false }],
      ['legalNameOfBusiness', { ...GOOD_BUSINESS_TYPE, legalNameOfBusiness: '' }],
      ['companyType', { ...GOOD_BUSINESS_TYPE, companyType: 'empire' }],
    ])('answers 400 naming %s and saves nothing', async (field, payload) => {
      expectFieldError(await put(ownerToken, payload), field);
      const row = await readCompanyRow();
      expect(row).toMatchObject({
        legalNameOfBusiness: 'Fresh Co',
        termsAccepted: false,
        establishmentCountryCode: null,
      });
    });

    it('accepts a legal form of another country list, e.g. FR SAS, and generic forms for the US', async () => {
      const fr = await put(ownerToken, { ...GOOD_BUSINESS_TYPE, establishmentCountryCode: 'FR', legalForm: 'sas' });
      expect(fr.statusCode).toBe(200);
      const us = await put(ownerToken, {
        ...GOOD_BUSINESS_TYPE,
        establishmentCountryCode: 'US',
        legalForm: 'limited-company',
      });
      expect(us.statusCode).toBe(200);
    });

    it('answers 403 to an outsider and 401 without a token', async () => {
      expect((await put(outsiderToken, GOOD_BUSINESS_TYPE)).statusCode).toBe(403);
      expect((await put(null, GOOD_BUSINESS_TYPE)).statusCode).toBe(401);
      expect((await readCompanyRow())?.termsAccepted).toBe(false);
    });
  });

  describe('PUT Address', () => {
    const put = (token: string | null, payload: unknown) =>
      call(token, { method: 'PUT', url: apiPaths.companyAddress(companyId), payload: payload as object });

    it('saves the address; with the business type the business-details step completes (spec §4)', async () => {
      await put(ownerToken, GOOD_ADDRESS);
      await call(ownerToken, { method: 'PUT', url: apiPaths.businessType(companyId), payload: GOOD_BUSINESS_TYPE });
      const onboarding = await readOnboarding();
      expect(onboarding.address).toEqual(GOOD_ADDRESS);
      expect(onboarding.steps.find((step) => step.id === 'business-details')?.status).toBe('completed');
      expect(onboarding.steps.find((step) => step.id === 'jurisdictions')?.status).toBe('active');
      expect(onboarding.progress.completionPercentage).toBe(60);
      expect(onboarding.nextPath).toBe('/onboarding/jurisdictions');
    });

    it.each([
      ['DE', '1011', 'zipCode'],
      ['DE', '00000', 'zipCode'],
      ['GB', '12345', 'zipCode'],
      ['NL', '1012', 'zipCode'],
      ['PL', '00950', 'zipCode'],
    ])('in %s refuses postcode %s with 400 naming %s and saves nothing', async (country, zipCode, field) => {
      await context.database.db
        .update(companies)
        .set({ establishmentCountryCode: country })
        .where(eq(companies.id, companyId));
      expectFieldError(await put(ownerToken, { ...GOOD_ADDRESS, zipCode }), field);
      expect(await readCompanyRow()).toMatchObject({ zipCode: '00000', city: 'TBD', street: null });
    });

    it.each([
      ['GB', 'sw1a 1aa', 'SW1A 1AA'],
      ['NL', '1012 ab', '1012 AB'],
      ['PL', '00-950', '00-950'],
      ['US', '94103', '94103'],
    ])('in %s accepts %s, stored as %s', async (country, zipCode, stored) => {
      await context.database.db
        .update(companies)
        .set({ establishmentCountryCode: country })
        .where(eq(companies.id, companyId));
      expect((await put(ownerToken, { ...GOOD_ADDRESS, zipCode })).statusCode).toBe(200);
      expect((await readCompanyRow())?.zipCode).toBe(stored);
    });

    it.each([
      ['street', { ...GOOD_ADDRESS, street: ' ' }],
      ['city', { ...GOOD_ADDRESS, city: 'TBD' }],
      ['city', { ...GOOD_ADDRESS, city: '' }],
    ])('answers 400 naming %s', async (field, payload) => {
      expectFieldError(await put(ownerToken, payload), field);
    });

    it('answers 403 to an outsider and 401 without a token', async () => {
      expect((await put(outsiderToken, GOOD_ADDRESS)).statusCode).toBe(403);
      expect((await put(null, GOOD_ADDRESS)).statusCode).toBe(401);
    });
  });

  describe('PUT ProductType', () => {
    const put = (token: string | null, payload: unknown) =>
      call(token, { method: 'PUT', url: apiPaths.productType(companyId), payload: payload as object });

    it('saves product types, channels and marketplaces, kept across reads', async () => {
      expect((await put(ownerToken, GOOD_PRODUCT_TYPE)).statusCode).toBe(200);
      expect((await readOnboarding()).productType).toEqual(GOOD_PRODUCT_TYPE);
    });

    it.each([
      ['productTypes', { ...GOOD_PRODUCT_TYPE, productTypes: [] }],
      ['productTypes', { ...GOOD_PRODUCT_TYPE, productTypes: ['services'] }],
      ['salesChannels', { ...GOOD_PRODUCT_TYPE, salesChannels: [] }],
      ['marketplaces', { ...GOOD_PRODUCT_TYPE, marketplaces: [] }],
      ['marketplaces', { ...GOOD_PRODUCT_TYPE, salesChannels: ['own-webshop'] }],
    ])('answers 400 naming %s and saves nothing', async (field, payload) => {
      expectFieldError(await put(ownerToken, payload), field);
      expect((await readOnboarding()).productType.productTypes).toEqual([]);
    });

    it('keeps a step change that came while it was being saved', async () => {
      expect((await put(ownerToken, GOOD_PRODUCT_TYPE)).statusCode).toBe(200);
      // The row held until a Navigate, then the save, wait for it: the Navigate writes first.
      const holder = await holdInTransaction(context.database.db, (txDb) =>
        findOnboardingStateForUpdate(txDb, companyId),
      );
      let answers: Promise<{ statusCode: number }[]>;
      try {
        const navigate = call(ownerToken, {
          method: 'POST',
          url: apiPaths.navigateOnboardingStep(companyId, 'jurisdictions'),
        });
        await untilWaitingForLocks(context, 1);
        const save = put(ownerToken, { ...GOOD_PRODUCT_TYPE, marketplaces: ['etsy'] });
        await untilWaitingForLocks(context, 2);
        answers = Promise.all([navigate, save]);
      } finally {
        await holder.release();
      }
      expect((await answers).map((response) => response.statusCode)).toEqual([200, 200]);
      const onboarding = await readOnboarding();
      expect(onboarding.steps.find((step) => step.id === 'jurisdictions')?.status).toBe('active');
      expect(onboarding.productType.marketplaces).toEqual(['etsy']);
    });

    it('answers 403 to an outsider and 401 without a token', async () => {
      expect((await put(outsiderToken, GOOD_PRODUCT_TYPE)).statusCode).toBe(403);
      expect((await put(null, GOOD_PRODUCT_TYPE)).statusCode).toBe(401);
    });
  });

  describe('step machine', () => {
    const post = (token: string | null, url: string) => call(token, { method: 'POST', url });

    it('Navigate makes the step active and the previous one pending', async () => {
      const response = await post(ownerToken, apiPaths.navigateOnboardingStep(companyId, 'jurisdictions'));
      expect(response.statusCode).toBe(200);
      const onboarding = onboardingResponseSchema.parse(response.json());
      expect(onboarding.steps.find((step) => step.id === 'jurisdictions')?.status).toBe('active');
      expect(onboarding.steps.find((step) => step.id === 'business-details')?.status).toBe('pending');
    });

    it("answers 404 with the exact message 'Step {id} not found'", async () => {
      for (const url of [
        apiPaths.navigateOnboardingStep(companyId, 'nowhere'),
        apiPaths.completeOnboardingStep(companyId, 'nowhere'),
      ]) {
        const response = await post(ownerToken, url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'step_not_found', message: 'Step nowhere not found' });
      }
    });

    it("answers 409 with 'Step {id} is locked' for a locked step", async () => {
      await context.database.db
        .insert(onboardingStates)
        .values({ companyId, steps: [{ id: 'document-center', status: 'locked' }] })
        .onConflictDoUpdate({
          target: onboardingStates.companyId,
          set: { steps: [{ id: 'document-center', status: 'locked' }] },
        });
      const response = await post(ownerToken, apiPaths.navigateOnboardingStep(companyId, 'document-center'));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'step_locked', message: 'Step document-center is locked' });
    });

    it('Complete and markStepCompleted finish the onboarding once every rule holds', async () => {
      await call(ownerToken, { method: 'PUT', url: apiPaths.businessType(companyId), payload: GOOD_BUSINESS_TYPE });
      await call(ownerToken, { method: 'PUT', url: apiPaths.companyAddress(companyId), payload: GOOD_ADDRESS });
      // Completing jurisdictions needs a selected jurisdiction: the client cannot declare it done.
      const tooEarly = await post(ownerToken, apiPaths.completeOnboardingStep(companyId, 'jurisdictions'));
      expect(tooEarly.statusCode).toBe(409);
      expect(tooEarly.json().code).toBe('step_requirements_not_met');
      const documentsTooEarly = await post(ownerToken, apiPaths.completeOnboardingStep(companyId, 'document-center'));
      expect(documentsTooEarly.statusCode).toBe(409);
      await context.database.db.insert(companyJurisdictions).values({ companyId, countryCode: 'PL', source: 'user' });
      const afterJurisdictions = await post(ownerToken, apiPaths.completeOnboardingStep(companyId, 'jurisdictions'));
      expect(onboardingResponseSchema.parse(afterJurisdictions.json()).nextPath).toBe('/onboarding/document-center');
      // The service other slices call, without HTTP.
      await markStepCompleted(context.database.db, companyId, 'document-center');
      const onboarding = await readOnboarding();
      expect(onboarding).toMatchObject({ isComplete: true, nextPath: null, estimatedMinutesLeft: 0 });
      expect(onboarding.progress).toEqual({ completedSteps: 5, totalSteps: 5, completionPercentage: 100 });
    });

    it('answers 403 to an outsider and 401 without a token', async () => {
      const url = apiPaths.completeOnboardingStep(companyId, 'jurisdictions');
      expect((await post(outsiderToken, url)).statusCode).toBe(403);
      expect((await post(null, url)).statusCode).toBe(401);
      expect((await readOnboarding()).steps.find((step) => step.id === 'jurisdictions')?.status).toBe('pending');
    });
  });
});
