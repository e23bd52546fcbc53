import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { auditLog, patients, roles, users } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The id of a patient of the corporate, or null. */
export async function findPatientId(db: Executor, corpId: number, uid: string) {
  const [patient] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.uid, uid), eq(patients.corpId, corpId)));
  return patient?.id ?? null;
}

/** One page of the corporate's audit rows, newest first, with who did it and on which patient. */
export async function pageAudit(
  db: Executor,
  filter: { corpId: number; action?: string; patientId?: number },
  q: { page: number; limit: number },
) {
  const where: SQL[] = [eq(auditLog.corpId, filter.corpId)];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.patientId !== undefined) where.push(eq(auditLog.patientId, filter.patientId));
  const condition = and(...where);
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
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(condition),
  ]);
  return { rows, total };
}

export type AuditRow = Awaited<ReturnType<typeof pageAudit>>['rows'][number];
