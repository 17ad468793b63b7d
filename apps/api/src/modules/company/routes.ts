import { addUsersRequestSchema, addUsersResponseSchema, apiErrorSchema, companyDetailsSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import type { Mailer } from '../mail/mailer';
import { addUsersToCompany } from './membership-service';
import { getCompanyDetails } from './service';

/** Fastify patterns of the parameterised paths of `apiPaths` (which builds concrete URLs). */
export const COMPANY_ROUTE_PATTERNS = {
  companyDetails: '/api/v1/Company/:companyId',
  addUsers: '/api/v2/Company/:companyId/AddUsers',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });

export function registerCompanyRoutes(app: FastifyInstance, deps: { db: Db; mailer: Mailer; publicUrl: string }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    COMPANY_ROUTE_PATTERNS.companyDetails,
    {
      config: guard('company'),
      schema: {
        tags: ['Company'],
        summary: 'Details of one company the user belongs to',
        description: 'The onboarding getCompany call. A company the caller does not belong to answers 403.',
        params: companyParams,
        response: {
          200: companyDetailsSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => getCompanyDetails(deps.db, request.params.companyId),
  );

  typed.post(
    COMPANY_ROUTE_PATTERNS.addUsers,
    {
      config: guard('company'),
      schema: {
        tags: ['Company'],
        summary: 'Add people to a company and tell each by e-mail',
        description:
          'Owners and administrators only (a member gets 403 company_role_required). userCreationType 1 ' +
          '{ userCreationType, email } makes an existing Vatlas user a member with the first name, last name and ' +
          'language of their own account, and e-mails them a notice (409 email_not_registered when no user has ' +
          'the address). userCreationType 2 { userCreationType, email, language? } invites a new address as an ' +
          'e-mail-only user and e-mails the invitation in language, default en (409 email_already_registered ' +
          'when a user has the address). 409 already_member when the person belongs to the company; conflicts ' +
          'name the entry, e.g. 0.email. All or nothing; the e-mails go out after the commit. Answers the added ' +
          'people.',
        params: companyParams,
        body: addUsersRequestSchema,
        response: {
          201: addUsersResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const added = await addUsersToCompany(
        { db: deps.db, mailer: deps.mailer, publicUrl: deps.publicUrl, log: request.log },
        requireAuth(request).user,
        request.params.companyId,
        request.body,
      );
      return reply.status(201).send(added);
    },
  );
}
