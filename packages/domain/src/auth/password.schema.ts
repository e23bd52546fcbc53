// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import { currentPasswordSchema, PROFILE_LIMITS, PROFILE_MESSAGES } from '../employees/profile.schema.ts';

/**
 * `POST auth/password`: the own password, changed with the current one (the screen after a login
 * whose password an Admin chose, and any API client). Messages as the profile form's (spec 5).
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    password: z
      .string()
      .min(1, { message: PROFILE_MESSAGES.passwordRequired, abort: true })
      .min(PROFILE_LIMITS.passwordMin, 'validation.passwordMin')
      .max(PROFILE_LIMITS.passwordMax, 'validation.tooLong'),
    confirmPassword: z.string().min(1, PROFILE_MESSAGES.confirmRequired),
  })
  .superRefine((v, ctx) => {
    if (v.password && v.confirmPassword && v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PROFILE_MESSAGES.passwordMismatch });
    if (v.password && v.password === v.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.passwordUnchanged' });
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
