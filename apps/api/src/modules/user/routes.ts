import {
  apiErrorSchema,
  apiPaths,
  checkEmailAddressRequestSchema,
  checkEmailAddressResponseSchema,
  companyUserListSchema,
  diagnosticResponseSchema,
  languageSchema,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  notificationChannelSchema,
  notificationSettingsSchema,
  notificationTypeSchema,
  removeUserFromCompanyRequestSchema,
  updateNotificationSettingRequestSchema,
  updateUserRequestSchema,
  userProfileSchema,
  userSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import { listCompanyUsers, removeUserFromCompany } from '../company/membership-service';
import { listNotificationSettings, updateNotificationSetting } from './notification-service';
import { changeLanguage, checkEmailAddress, diagnose, getCurrentUser, logOut, updateProfile } from './service';

/** Fastify patterns of the parameterised paths of `apiPaths` (which builds concrete URLs). */
export const USER_ROUTE_PATTERNS = {
  updateUser: '/api/v1/User/:id',
  listCompanyUsers: '/api/v1/User/ListCompanyUsers',
  updateNotificationSettings: '/api/v1/User/UpdateNotificationSettings/:notificationType/:channel',
  changeLanguage: '/api/v1/User/ChangeLanguage/:language',
} as const;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema } as const;
const noContent = z.null().describe('No content');

export function registerUserRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    apiPaths.userMe,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['User'],
        summary: 'The signed-in user with their companies and tenants',
        description:
          "selectedTenantId is the session token's tenant; tenants lists those Token/ChangeTenant accepts " +
          '(administrators: every tenant).',
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return getCurrentUser(deps.db, auth.user, { companyId: auth.tokenCompanyId, tenantId: auth.tokenTenantId });
    },
  );

  typed.get(
    apiPaths.userDiagnostic,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['User'],
        summary: 'Diagnostic call: is the session token accepted?',
        response: { 200: diagnosticResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => diagnose(requireAuth(request).user),
  );

  typed.get(
    USER_ROUTE_PATTERNS.listCompanyUsers,
    {
      config: guard('company'),
      schema: {
        tags: ['User'],
        summary: 'The people of a company, owners first, then by e-mail',
        description: 'Any member may list. status is invited until the person signs in for the first time.',
        querystring: z.object({ companyId: z.uuid('must be a company id (uuid)') }),
        response: { 200: companyUserListSchema, ...errors, 403: apiErrorSchema },
      },
    },
    async (request) => listCompanyUsers(deps.db, request.query.companyId),
  );

  typed.patch(
    USER_ROUTE_PATTERNS.updateUser,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['User'],
        summary: 'Change a profile: first name, last name, language',
        description:
          'A person changes their own profile; administrators (isAdmin) may change anyone. Another id answers 403 ' +
          'for everyone else, existing or not; an unknown id answers 404 to administrators.',
        params: z.object({ id: z.string().min(1) }),
        body: updateUserRequestSchema,
        response: { 200: userProfileSchema, ...errors, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => updateProfile(deps.db, requireAuth(request).user, request.params.id, request.body),
  );

  typed.get(
    apiPaths.notificationSettings,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['User'],
        summary: "The caller's notification settings: every type × channel, defaults included",
        response: { 200: notificationSettingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listNotificationSettings(deps.db, requireAuth(request).user.id),
  );

  typed.post(
    USER_ROUTE_PATTERNS.updateNotificationSettings,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['User'],
        summary: 'Turn one notification on or off',
        description:
          'The two path parameters are the notification type ' +
          `(${NOTIFICATION_TYPES.join(', ')}) and the delivery channel (${NOTIFICATION_CHANNELS.join(', ')}). ` +
          'daysBefore (1–60) applies to deadline-reminders only; left out, the previous lead time stays. ' +
          'Answers the whole list.',
        params: z.object({
          notificationType: notificationTypeSchema.describe(`Notification type: ${NOTIFICATION_TYPES.join(', ')}`),
          channel: notificationChannelSchema.describe(`Delivery channel: ${NOTIFICATION_CHANNELS.join(', ')}`),
        }),
        body: updateNotificationSettingRequestSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) =>
      updateNotificationSetting(
        deps.db,
        requireAuth(request).user.id,
        { type: request.params.notificationType, channel: request.params.channel },
        request.body,
      ),
  );

  typed.post(
    apiPaths.checkEmailAddress,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['User'],
        summary: 'Does this e-mail address belong to a Vatlas user?',
        description:
          '200 when a Vatlas user has the address, whatever its case (add them with userCreationType 1: their own ' +
          'names and language are used); 404 email_not_registered when none has (invite the address with ' +
          'userCreationType 2). The answer says nothing else about the owner of the address.',
        body: checkEmailAddressRequestSchema,
        response: { 200: checkEmailAddressResponseSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => checkEmailAddress(deps.db, request.body.email),
  );

  typed.get(
    apiPaths.logOut,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['User'],
        summary: 'Sign out everywhere: every session token issued so far answers 401 from now on',
        response: { 204: noContent, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await logOut(deps.db, requireAuth(request).user);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    USER_ROUTE_PATTERNS.changeLanguage,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['User'],
        summary: "Change the caller's language",
        params: z.object({ language: languageSchema }),
        response: { 200: userProfileSchema, ...errors },
      },
    },
    async (request) => changeLanguage(deps.db, requireAuth(request).user, request.params.language),
  );

  typed.post(
    apiPaths.removeUserFromCompany,
    {
      // Authenticated: the company is in the body, which the guard (running before parsing) cannot see; the
      // service refuses non-members with the company guard's 403.
      config: guard('authenticated'),
      schema: {
        tags: ['User'],
        summary: 'Remove a person from a company',
        description:
          'Owners and administrators remove anyone; a member may remove themself. The last owner cannot be ' +
          'removed (409 last_owner); a person who is not a member answers 404.',
        body: removeUserFromCompanyRequestSchema,
        response: {
          204: noContent,
          ...errors,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await removeUserFromCompany(deps.db, requireAuth(request).user, request.body);
      return reply.status(204).send(null);
    },
  );
}
