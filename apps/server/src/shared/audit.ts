import { auditLog } from '../db/schema/index.ts';
import type { Executor } from './sql.ts';

/** One audit row: who did what to which record, from where (Permenkes 24/2022: every EMR read and write). */
export interface AuditEntry {
  userId?: number | null;
  corpId?: number | null;
  clinicId?: number | null;
  action: string;
  entity: string;
  entityId?: string | null;
  patientId?: number | null;
  ip?: string | null;
  detail?: unknown;
}

/** Writes the audit row on the database or inside the caller's transaction (then it commits with the change). */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** Writes many audit rows (a bulk import's), a few hundred per statement. */
export async function writeAudits(db: Executor, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) await db.insert(auditLog).values(entries.slice(i, i + 500));
}
