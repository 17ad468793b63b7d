import {
  apiErrorSchema,
  jurisdictionInfoResponseSchema,
  jurisdictionsResponseSchema,
  questionnaireAnswersSchema,
  questionnaireResponseSchema,
  updateJurisdictionsBodySchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guard } from '../../plugins/route-guard';
import {
  getJurisdictionInfo,
  getJurisdictions,
  getQuestionnaire,
  updateJurisdictions,
  updateQuestionnaire,
} from './service';

/** Fastify patterns of the parameterised paths of `apiPaths` (which builds concrete URLs). */
export const REGISTRATION_ROUTE_PATTERNS = {
  questionnaire: '/api/v1/Questionnaire/:companyId',
  jurisdictions: '/api/v1/Registration/:companyId/Jurisdictions',
  jurisdictionInfo: '/api/v1/Registration/:companyId/JurisdictionInfo',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const readErrors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { 400: apiErrorSchema, ...readErrors, 409: apiErrorSchema };

export function registerRegistrationRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    REGISTRATION_ROUTE_PATTERNS.questionnaire,
    {
      config: guard('company'),
      schema: {
        tags: ['Questionnaire'],
        summary: 'The tax-assessment answers and the assessment computed from them',
        description: 'Both are null until the questionnaire was saved once.',
        params: companyParams,
        response: { 200: questionnaireResponseSchema, ...readErrors },
      },
    },
    async (request) => getQuestionnaire(deps.db, request.params.companyId),
  );

  typed.put(
    REGISTRATION_ROUTE_PATTERNS.questionnaire,
    {
      config: guard('company'),
      schema: {
        tags: ['Questionnaire'],
        summary: 'Save the tax-assessment answers and compute the assessment',
        description:
          'Stores the answers and their assessment together and answers both. Every jurisdiction of the result ' +
          'carries its reasons, each with the rule it applies and the source keys of the country rules. Amounts ' +
          'are decimal strings (EU sales EUR, UK GBP, Swiss CHF, Norwegian NOK). 400 names the invalid field.',
        params: companyParams,
        body: questionnaireAnswersSchema,
        response: { 200: questionnaireResponseSchema, ...writeErrors },
      },
    },
    async (request) => updateQuestionnaire(deps.db, request.params.companyId, request.body),
  );

  typed.get(
    REGISTRATION_ROUTE_PATTERNS.jurisdictions,
    {
      config: guard('company'),
      schema: {
        tags: ['Registration'],
        summary: 'The 30 jurisdictions with the saved selection, or the assessment’s pre-selection',
        params: companyParams,
        response: { 200: jurisdictionsResponseSchema, ...readErrors },
      },
    },
    async (request) => getJurisdictions(deps.db, request.params.companyId),
  );

  typed.put(
    REGISTRATION_ROUTE_PATTERNS.jurisdictions,
    {
      config: guard('company'),
      schema: {
        tags: ['Registration'],
        summary: 'Save the selected jurisdictions and complete the jurisdictions step',
        description:
          'Replaces the selection in one transaction (a country that stays keeps its registration data) and marks ' +
          'the onboarding step jurisdictions completed. At least one country; each once.',
        params: companyParams,
        body: updateJurisdictionsBodySchema,
        response: { 200: jurisdictionsResponseSchema, ...writeErrors },
      },
    },
    async (request) => updateJurisdictions(deps.db, request.params.companyId, request.body.countryCodes),
  );

  typed.get(
    REGISTRATION_ROUTE_PATTERNS.jurisdictionInfo,
    {
      config: guard('company'),
      schema: {
        tags: ['Registration'],
        summary: 'What the registration in each selected jurisdiction needs',
        description:
          'Per selected country: documents, whether a fiscal representative is needed for this seller, the ' +
          'proposed return frequency and the non-resident threshold, each with its source keys.',
        params: companyParams,
        response: { 200: jurisdictionInfoResponseSchema, ...readErrors },
      },
    },
    async (request) => getJurisdictionInfo(deps.db, request.params.companyId),
  );
}
