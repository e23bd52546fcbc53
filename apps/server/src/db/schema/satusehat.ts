import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { registrations } from './registrations.ts';
import { clinics, corporates } from './tenancy.ts';

/**
 * A clinic's SATUSEHAT connection (satusehat.md): environment, client id, the client secret
 * encrypted at rest (never returned to the browser) and the organization id.
 */
export const satusehatSettings = pgTable('satusehat_settings', {
  clinicId: integer('clinic_id')
    .primaryKey()
    .references(() => clinics.id),
  environment: text('environment', { enum: ['simulator', 'sandbox', 'production'] })
    .notNull()
    .default('simulator'),
  clientId: text('client_id').notNull(),
  clientSecretEnc: text('client_secret_enc').notNull(),
  organizationId: text('organization_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A room or poli of a clinic (by its name, as clinic services and doctors' rooms write it)
 * registered as a SATUSEHAT Location, with the platform's id; the organization and environment
 * it was registered under, so that a change of settings shows it as not registered there.
 */
export const satusehatLocations = pgTable(
  'satusehat_locations',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    name: text('name').notNull(),
    environment: text('environment', { enum: ['simulator', 'sandbox', 'production'] }).notNull(),
    organizationId: text('organization_id').notNull(),
    /** The platform's Location id; null while the last attempt failed */
    locationId: text('location_id'),
    /** Why the last attempt failed (the platform's words) */
    lastError: text('last_error'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.name] })],
);

/**
 * One delivery to SATUSEHAT (issue 19 §3–§5): a transaction Bundle built, when it is sent, from
 * what a domain event names — `encounter` (the finished visit), `dispense` (one handover of the
 * pharmacy), `lab` (one released lab report). Enqueued once per source by the outbox consumer
 * `satusehat.enqueue`; sent by the delivery worker, which takes due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, so two server instances never send one row at once.
 */
export const satusehatDeliveries = pgTable(
  'satusehat_deliveries',
  {
    id: serial('id').primaryKey(),
    uid: uuid('uid').notNull().unique().defaultRandom(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinics.id),
    kind: text('kind', { enum: ['encounter', 'dispense', 'lab'] }).notNull(),
    /** What it is built from: the registration uid, the dispense's or the lab report's uid */
    sourceKey: text('source_key').notNull(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id),
    /** The visit's clinic day (the sync screen's day) */
    clinicDay: date('clinic_day').notNull(),
    state: text('state', { enum: ['waiting', 'accepted', 'refused', 'blocked'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a worker sends it: who, and until when the row is theirs */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** HTTP status of the last answer; 0 when none came */
    lastStatus: integer('last_status'),
    /** The platform's words (OperationOutcome texts, or the start of a plain answer) */
    message: text('message'),
    /** The OperationOutcome's issue code (`value`, `required`, `duplicate`…) and the field it names */
    issueCode: text('issue_code'),
    expression: text('expression'),
    blockedReason: text('blocked_reason'),
    /** What the platform took: `[{ resourceType, id, local }]` */
    platformIds: jsonb('platform_ids')
      .$type<{ resourceType: string; id: string; local: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('satusehat_deliveries_source_uq').on(t.kind, t.sourceKey),
    index('satusehat_deliveries_day_idx').on(t.clinicId, t.clinicDay, t.state),
    index('satusehat_deliveries_visit_idx').on(t.registrationId),
    index('satusehat_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'waiting'`),
  ],
);
