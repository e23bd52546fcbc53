import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { findCompany } from './partner-companies.queries.ts';

/** What every partner-company call shares: its refusals (`partnerCompanies.*`), the scoped company, the audit. */

export const refuse = (
  status: number,
  key: string,
  params: Record<string, string | number> = {},
  field?: string,
  fieldKey = `${key}Field`,
) =>
  new AppError(
    status,
    `partnerCompanies.${key}`,
    params,
    field ? [{ path: field, key: `partnerCompanies.${fieldKey}` }] : [],
  );

/** The caller's corporate's company (locked for the transaction when asked); else 404. */
export async function scopedCompany(db: Executor, session: AuthSession, uid: string, lock = false) {
  const found = await findCompany(db, session.corpId, uid, lock);
  if (!found) throw refuse(404, 'notFound');
  return found;
}

export async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  entry: { action: string; entityId: string; detail: unknown },
): Promise<void> {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: null,
    ip,
    entity: 'partner_company',
    ...entry,
  });
}
