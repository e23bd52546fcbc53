import { z } from '../common/zod-config.ts';
import { employeeCreateSchema } from '../employees/profile.schema.ts';

/**
 * A partner company's portal accounts (issue 20 §8): the HR users the clinic gives a login to the
 * company portal (`/Portal/mcu`). Name, username and password follow the staff accounts' rules and
 * messages (profile.schema.ts `employeeCreateSchema`).
 */

const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');

export const portalUserParamsSchema = z.object({ uid: uidSchema, userUid: uidSchema });

export const portalUserCreateSchema = z.object({
  name: employeeCreateSchema.shape.name,
  username: employeeCreateSchema.shape.username,
  password: employeeCreateSchema.shape.password,
});
export type PortalUserCreateInput = z.infer<typeof portalUserCreateSchema>;

export const portalUserActiveSchema = z.object({
  active: z.boolean({ error: 'validation.invalid' }),
});
export type PortalUserActiveInput = z.infer<typeof portalUserActiveSchema>;

export const portalUserSchema = z.object({
  uid: z.string(),
  username: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type PortalUser = z.infer<typeof portalUserSchema>;
