import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { roles } from './access.ts';
import { doctors, employees } from './staff.ts';
import { clinics, corporates } from './tenancy.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id').references(() => clinics.id),
    employeeId: integer('employee_id').references(() => employees.id),
    doctorId: integer('doctor_id').references(() => doctors.id),
    companyId: integer('company_id'),
    imageUrl: text('image_url'),
    active: boolean('active').notNull().default(true),
    // demo accounts are listed on the login page; a real clinic's never are
    demo: boolean('demo').notNull().default(false),
    // set when an Admin chose the password (a new account, a reset): the user picks their own first
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_username_uq').on(sql`lower(${t.username})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Login attempt counters, shared by every server instance: per login name, per address and login
 * name, and per address (`key` says which, see modules/auth/login-throttle.ts). An attempt is
 * counted before its password is checked; `lockedUntil` holds a lock the failures earned.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('login_throttle_window_idx').on(t.windowStart)],
);
