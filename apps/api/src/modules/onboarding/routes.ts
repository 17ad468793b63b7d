import {
  addressRequestSchema,
  apiErrorSchema,
  businessTypeRequestSchema,
  companyDetailsSchema,
  createCompanyRequestSchema,
  onboardingResponseSchema,
  productTypeRequestSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import { createCompany, getOnboarding, saveAddress, saveBusinessType, saveProductType } from './service';
import { completeStepIfEarned, markStepNavigated } from './step-service';

/** Fastify patterns of the parameterised paths of `apiPaths`. */
export const ONBOARDING_ROUTE_PATTERNS = {
  createCompany: '/api/v1/Company',
  onboarding: '/api/v1/Company/:companyId/Onboarding',
  businessType: '/api/v1/Company/:companyId/BusinessType',
  address: '/api/v1/Company/:companyId/Address',
  productType: '/api/v1/Company/:companyId/ProductType',
  navigateStep: '/api/v1/Company/:companyId/Onboarding/Steps/:stepId/Navigate',
  completeStep: '/api/v1/Company/:companyId/Onboarding/Steps/:stepId/Complete',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const stepParams = companyParams.extend({
  stepId: z.string().describe('A step id of spec §3: account-creation, tax-assessment, business-details, …'),
});

const companyErrors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

export function registerOnboardingRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  typed.post(
    ONBOARDING_ROUTE_PATTERNS.createCompany,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['Onboarding'],
        summary: 'Create a company for the caller',
        description:
          'Creates a company in the tenant of the session token with the caller as owner, the address placeholders ' +
          'TBD / 00000 and the default onboarding steps. Switch to it with Token/ChangeCompany.',
        body: createCompanyRequestSchema,
        response: { 201: companyDetailsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const created = await createCompany(db, auth.user, auth.tokenTenantId, request.body);
      return reply.status(201).send(created);
    },
  );

  typed.get(
    ONBOARDING_ROUTE_PATTERNS.onboarding,
    {
      config: guard('company'),
      schema: {
        tags: ['Onboarding'],
        summary: 'Onboarding state of a company',
        description:
          'Steps with their derived statuses (spec §4 rules win over stored ones), progress, estimated minutes ' +
          'left, the next-step path, completion, terms and the answers of the business-type, address and ' +
          'product-type pages.',
        params: companyParams,
        response: { 200: onboardingResponseSchema, ...companyErrors },
      },
    },
    async (request) => getOnboarding(db, request.params.companyId),
  );

  typed.put(
    ONBOARDING_ROUTE_PATTERNS.businessType,
    {
      config: guard('company'),
      schema: {
        tags: ['Onboarding'],
        summary: 'Save the business type and accept the terms',
        description:
          'Legal name, establishment country, company type and a legal form of that country (400 naming ' +
          'legalForm otherwise); termsAndConditionsAccepted must be true. Answers the onboarding state.',
        params: companyParams,
        body: businessTypeRequestSchema,
        response: { 200: onboardingResponseSchema, 400: apiErrorSchema, ...companyErrors },
      },
    },
    async (request) => {
      await saveBusinessType(db, request.params.companyId, request.body);
      return getOnboarding(db, request.params.companyId);
    },
  );

  typed.put(
    ONBOARDING_ROUTE_PATTERNS.address,
    {
      config: guard('company'),
      schema: {
        tags: ['Onboarding'],
        summary: 'Save the business address',
        description:
          'Street, house number, postcode (checked against the establishment country; the placeholder 00000 ' +
          'is refused), city (TBD refused) and state. Answers the onboarding state.',
        params: companyParams,
        body: addressRequestSchema,
        response: { 200: onboardingResponseSchema, 400: apiErrorSchema, ...companyErrors },
      },
    },
    async (request) => {
      await saveAddress(db, request.params.companyId, request.body);
      return getOnboarding(db, request.params.companyId);
    },
  );

  typed.put(
    ONBOARDING_ROUTE_PATTERNS.productType,
    {
      config: guard('company'),
      schema: {
        tags: ['Onboarding'],
        summary: 'Save what the company sells and where',
        description:
          'productTypes ⊆ {physical-goods, digital-services} (both allowed), sales channels, and marketplaces ' +
          '(required with the marketplaces channel, refused without it). Answers the onboarding state.',
        params: companyParams,
        body: productTypeRequestSchema,
        response: { 200: onboardingResponseSchema, 400: apiErrorSchema, ...companyErrors },
      },
    },
    async (request) => {
      await saveProductType(db, request.params.companyId, request.body);
      return getOnboarding(db, request.params.companyId);
    },
  );

  typed.post(
    ONBOARDING_ROUTE_PATTERNS.navigateStep,
    {
      config: guard('company'),
      schema: {
        tags: ['Onboarding'],
        summary: 'Make an onboarding step the active one',
        description:
          "Spec §4: the step becomes active, the previously active one pending. 404 'Step {id} not found', " +
          "409 'Step {id} is locked'. Answers the onboarding state.",
        params: stepParams,
        response: { 200: onboardingResponseSchema, 409: apiErrorSchema, ...companyErrors },
      },
    },
    async (request) => {
      await markStepNavigated(db, request.params.companyId, request.params.stepId);
      return getOnboarding(db, request.params.companyId);
    },
  );

  typed.post(
    ONBOARDING_ROUTE_PATTERNS.completeStep,
    {
      config: guard('company'),
      schema: {
        tags: ['Onboarding'],
        summary: 'Mark an onboarding step completed',
        description:
          "Spec §4: the step is completed and the next non-completed step becomes active. 404 'Step {id} not " +
          "found', 409 'Step {id} is locked'. business-details stays derived from the company's data; jurisdictions " +
          'and document-center complete only once their data is there (a selected jurisdiction; every required ' +
          "document and signature), else 409 'step_requirements_not_met'. Answers the onboarding state.",
        params: stepParams,
        response: { 200: onboardingResponseSchema, 409: apiErrorSchema, ...companyErrors },
      },
    },
    async (request) => {
      await completeStepIfEarned(db, request.params.companyId, request.params.stepId);
      return getOnboarding(db, request.params.companyId);
    },
  );
}
