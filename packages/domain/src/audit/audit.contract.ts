import { endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { auditEntrySchema, auditQuerySchema } from './audit.schema.ts';

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
