import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics } from './tenancy.ts';

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
