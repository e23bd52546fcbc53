import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { corporates } from './tenancy.ts';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    // every corporate has its own roles, the spec's built-in ones included, so that one
    // corporate's menu changes never reach another's
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    name: text('name').notNull(),
    description: text('description'),
    // the spec's roles: the app's rules name them, so they cannot be renamed or removed
    builtIn: boolean('built_in').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('roles_corp_name_uq').on(t.corpId, t.name)],
);

/** The menu catalogue: three levels, route names, group icons. */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    parentId: integer('parent_id'),
    level: integer('level').notNull(),
    name: text('name').notNull(),
    i18nKey: text('i18n_key').notNull(),
    route: text('route'),
    icon: text('icon'),
    sort: integer('sort').notNull(),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

/** Per-role menu access: a row grants the menu node to the role, `enabled` switches it. */
export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);
