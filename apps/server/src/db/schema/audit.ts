import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    corpId: integer('corp_id'),
    clinicId: integer('clinic_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    patientId: integer('patient_id'),
    ip: text('ip'),
    detail: jsonb('detail'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_patient_idx').on(t.patientId),
    index('audit_log_corp_at_idx').on(t.corpId, t.at),
  ],
);
