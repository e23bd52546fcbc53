import { endpoint } from '../common/contract.ts';
import { auditEntrySchema, auditQuerySchema } from '../consultations/consultation.schema.ts';
import { pagedSchema } from '../settings/roles.schema.ts';

/** The audit log: who read or wrote what, when and from where (Super Admin). */
export const listAuditLogs = endpoint({
  method: 'GET',
  path: '/audit/logs',
  // the screen that shows it; the service admits only the all-access roles
  permission: 'audit.read',
  tags: ['audit'],
  summary: 'Audit entries of the corporate, newest first, by patient and action',
  query: auditQuerySchema,
  response: pagedSchema(auditEntrySchema),
});
