import { z } from 'zod';

/** Languages a user can choose (issue 7 translates the SPA into each). */
export const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pl'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

export const companyRoleSchema = z.enum(['owner', 'member']);
export type CompanyRole = z.infer<typeof companyRoleSchema>;

const email = z.email('must be a valid e-mail address').max(254);
const personName = z.string().trim().min(1, 'must not be empty').max(100);

/** One entry of GET /api/v1/User/ListCompanyUsers?companyId=. */
export const companyUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  language: z.string(),
  role: companyRoleSchema,
  /** `invited` until the person signs in for the first time. */
  status: z.enum(['active', 'invited']),
  addedAt: z.iso.datetime(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;
export const companyUserListSchema = z.array(companyUserSchema);

/** PATCH /api/v1/User/{id}: the fields a person may change of their own profile. */
export const updateUserRequestSchema = z
  .object({ firstName: personName, lastName: personName, language: languageSchema })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'send at least one of firstName, lastName, language' });
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const userProfileSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  language: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * POST /api/v1/User/UpdateNotificationSettings/{notificationType}/{channel}: the spec leaves the two path
 * parameters unnamed; Vatlas names them the notification type and the delivery channel.
 */
export const NOTIFICATION_TYPES = ['deadline-reminders', 'upload-results', 'weekly-summary'] as const;
export const NOTIFICATION_CHANNELS = ['email', 'in-app'] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationType = z.infer<typeof notificationTypeSchema>;
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

export const updateNotificationSettingRequestSchema = z
  .object({
    enabled: z.boolean(),
    /** deadline-reminders only: days before a due date, 1–60. */
    daysBefore: z.number().int().min(1).max(60).optional(),
  })
  .strict();
export type UpdateNotificationSettingRequest = z.infer<typeof updateNotificationSettingRequestSchema>;

export const notificationSettingSchema = z.object({
  type: notificationTypeSchema,
  channel: notificationChannelSchema,
  enabled: z.boolean(),
  daysBefore: z.number().int().nullable(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
/** Every type × channel, defaults included. */
export const notificationSettingsSchema = z.array(notificationSettingSchema);

/**
 * POST /api/v1/User/CheckEmailAddress. Spec §5 and issue 7 (decision 010): the check succeeds — 200 — when the address
 * belongs to a Vatlas user, who is then added as a full user with their own names and language (userCreationType 1);
 * it fails — 404 email_not_registered — when nobody has it, and the address is invited by e-mail only
 * (userCreationType 2). Any signed-in user may ask, so the answer tells that the address is registered and nothing
 * about its owner.
 */
export const checkEmailAddressRequestSchema = z.object({ email }).strict();
export const checkEmailAddressResponseSchema = z.object({ email: z.string(), isRegistered: z.literal(true) });

export const USER_CREATION_TYPES = { fullUser: 1, emailOnly: 2 } as const;

/**
 * POST /api/v2/Company/{companyId}/AddUsers: a list of these.
 * - 1: an existing Vatlas user becomes a member as a full user; their first name, last name and language are the
 *   ones of their account, so only the address is sent.
 * - 2: a new address is invited by e-mail only; `language` is the language of the invitation e-mail (default en).
 */
export const addUserRequestSchema = z.discriminatedUnion('userCreationType', [
  z.object({ userCreationType: z.literal(USER_CREATION_TYPES.fullUser), email }).strict(),
  z
    .object({
      userCreationType: z.literal(USER_CREATION_TYPES.emailOnly),
      email,
      language: languageSchema.optional(),
    })
    .strict(),
]);
export type AddUserRequest = z.infer<typeof addUserRequestSchema>;
export const addUsersRequestSchema = z.array(addUserRequestSchema).min(1).max(50);
export const addUsersResponseSchema = companyUserListSchema;

/** POST /api/v1/User/RemoveUserFromCompany. */
export const removeUserFromCompanyRequestSchema = z.object({ email, companyId: z.uuid() }).strict();

/** GET /api/v1/User: the diagnostic call. */
export const diagnosticResponseSchema = z.object({
  status: z.literal('ok'),
  userId: z.string(),
  serverTime: z.iso.datetime(),
});

/** POST /api/log-error: what the browser reports, fire and forget (spec §7). */
export const clientErrorReportSchema = z.object({
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  component: z.string().max(200).optional(),
  action: z.string().max(200).optional(),
  userId: z.string().max(100).optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(500).optional(),
  timestamp: z.iso.datetime().optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
/** 202 answer of POST /api/log-error: the report was taken (storing it never holds the browser up). */
export const clientErrorAcceptedSchema = z.object({ accepted: z.literal(true) });
