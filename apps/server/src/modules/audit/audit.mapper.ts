import type { AuditEntry } from '@klinikita/domain/audit/audit.schema';
import type { AuditRow } from './audit.queries.ts';

export const toAuditEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  user: r.userId ? { id: r.userId, name: r.userName ?? '', role: r.roleName ?? '' } : null,
  clinicId: r.clinicId,
  action: r.action,
  entity: r.entity,
  entityId: r.entityId,
  patient: r.patientUid ? { uid: r.patientUid, name: r.patientName ?? '', mrn: r.patientMrn ?? '' } : null,
  ip: r.ip,
});
