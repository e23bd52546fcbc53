// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';

/** Audit log (Super Admin). */
export const auditQuerySchema = z.object({
  patientId: z.string().trim().max(60).optional(),
  action: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), role: z.string() }).nullable(),
  clinicId: z.number().int().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  patient: z.object({ uid: z.string(), name: z.string(), mrn: z.string() }).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
