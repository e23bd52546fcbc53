import { ALL_ACCESS_ROLES } from '@klinikita/domain/access/roles';
import type { AuditEntry } from '@klinikita/domain/audit/audit.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { forbidden } from '../../shared/errors.ts';
import { pageOf } from '../../shared/sql.ts';
import { toAuditEntry } from './audit.mapper.ts';
import { findPatientId, pageAudit } from './audit.queries.ts';

export async function listAudit(
  db: Db,
  session: AuthSession,
  q: { patientId?: string; action?: string; page: number; limit: number },
) {
  if (!ALL_ACCESS_ROLES.includes(session.roleName)) throw forbidden('consultations.auditOnly');
  let patientId: number | undefined;
  if (q.patientId) {
    const id = await findPatientId(db, session.corpId, q.patientId);
    if (id === null) return pageOf<AuditEntry>([], 0, q);
    patientId = id;
  }
  const { rows, total } = await pageAudit(db, { corpId: session.corpId, action: q.action, patientId }, q);
  return pageOf(rows.map(toAuditEntry), total, q);
}
