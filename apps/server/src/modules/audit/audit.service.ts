import { ALL_ACCESS_ROLES } from '@klinikita/domain/access/roles';
import type { AuditEntry } from '@klinikita/domain/consultations/consultation.schema';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, patients, roles, users } from '../../db/schema/index.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { forbidden } from '../../shared/errors.ts';
import { pageOf } from '../../shared/sql.ts';

export async function listAudit(
  db: Db,
  session: AuthSession,
  q: { patientId?: string; action?: string; page: number; limit: number },
) {
  if (!ALL_ACCESS_ROLES.includes(session.roleName)) throw forbidden('consultations.auditOnly');
  const where: SQL[] = [eq(auditLog.corpId, session.corpId)];
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.patientId) {
    const [patient] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.uid, q.patientId), eq(patients.corpId, session.corpId)));
    if (!patient) return pageOf<AuditEntry>([], 0, q);
    where.push(eq(auditLog.patientId, patient.id));
  }
  const filter = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        userId: auditLog.userId,
        userName: users.name,
        roleName: roles.name,
        clinicId: auditLog.clinicId,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        patientUid: patients.uid,
        patientName: patients.name,
        patientMrn: patients.mrn,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(patients, eq(patients.id, auditLog.patientId))
      .where(filter)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(filter),
  ]);
  const docs: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    user: r.userId ? { id: r.userId, name: r.userName ?? '', role: r.roleName ?? '' } : null,
    clinicId: r.clinicId,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    patient: r.patientUid ? { uid: r.patientUid, name: r.patientName ?? '', mrn: r.patientMrn ?? '' } : null,
    ip: r.ip,
  }));
  return pageOf(docs, total, q);
}
