// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';

export const ROLE_NAME_MESSAGE = 'Min 3 and Max 30 characters long.';

export const roleNameSchema = z.string().trim().min(3, ROLE_NAME_MESSAGE).max(30, ROLE_NAME_MESSAGE);

export const createRoleSchema = z.object({
  role: roleNameSchema,
  description: z.string().trim().max(150, 'validation.tooLong').optional(),
  /** Copy the menu access of this role (its `_id`). */
  copyFrom: z.string().uuid('validation.invalid').optional(),
});
export type CreateRoleInput = z.infer<typeof createRoleSchema>;

export const updateRoleSchema = z.object({
  role: roleNameSchema.optional(),
  description: z.string().trim().max(150, 'validation.tooLong').optional(),
});
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

export const roleListQuerySchema = z.object({
  search: z.string().trim().max(50, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1, 'validation.invalid').default(1),
  limit: z.coerce.number().int().min(1, 'validation.invalid').max(100, 'validation.invalid').default(20),
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

export const roleSummarySchema = z.object({
  _id: z.string(),
  role: z.string(),
  description: z.string().nullable(),
  builtIn: z.boolean(),
  /** Super Admin and Applimetis pass every check: their menu is not edited. */
  editable: z.boolean(),
  users: z.number().int(),
  menus: z.number().int(),
});
export type RoleSummary = z.infer<typeof roleSummarySchema>;

/** A catalogue node with this role's grant: `granted` (has the menu) and `enabled` (switched on). */
export interface RoleMenuNode {
  code: string;
  name: string;
  key: string;
  route: string | null;
  icon: string | null;
  built: boolean;
  granted: boolean;
  enabled: boolean;
  children: RoleMenuNode[];
}
export const roleMenuNodeSchema: z.ZodType<RoleMenuNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    key: z.string(),
    route: z.string().nullable(),
    icon: z.string().nullable(),
    built: z.boolean(),
    granted: z.boolean(),
    enabled: z.boolean(),
    children: z.array(roleMenuNodeSchema),
  }),
);

export const updateRoleMenusSchema = z.object({
  menus: z
    .array(z.object({ code: z.string().min(1).max(60), enabled: z.boolean() }))
    .max(500, 'validation.tooLong'),
});
export type UpdateRoleMenusInput = z.infer<typeof updateRoleMenusSchema>;
