// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import type { MenuAccess, MenuItem } from './menu.ts';

/** Wire schemas of the menu types (kept apart so the rules load without zod). */
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    key: z.string(),
    route: z.string().nullable(),
    icon: z.string().nullable(),
    enabled: z.boolean(),
    children: z.array(menuItemSchema),
  }),
);

/** One side of a menu access entry: `menu.menu.route` as in spec 3. */
export const menuAccessNodeSchema = z.object({
  enabled: z.boolean(),
  status: z.boolean(),
  menu: z.object({ _id: z.string(), menu: z.object({ name: z.string(), route: z.string().nullable() }) }),
});
export const menuAccessSchema: z.ZodType<MenuAccess> = z.object({
  parent: menuAccessNodeSchema,
  childs: z.array(menuAccessNodeSchema),
});
