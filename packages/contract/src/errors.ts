import { z } from 'zod';

/** Every error answer of the API: a stable machine code, a human message, optional details (e.g. the field). */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
