import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
