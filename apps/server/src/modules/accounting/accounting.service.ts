import {
  ACCOUNT_KEYS,
  chartOf,
  DEFAULT_ACCOUNTS,
  isBalanced,
} from '@klinikita/domain/accounting/accounting.rules';
import type {
  AccountMapping,
  AccountTotals,
  JournalPage,
  JournalQuery,
  JournalRange,
  SaveMapping,
} from '@klinikita/domain/accounting/accounting.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { pageOf } from '../../shared/sql.ts';
import { backfill } from './accounting.journal.ts';
import { toJournalEntry } from './accounting.mapper.ts';
import {
  accountTotals,
  entryPage,
  exportLines,
  type JournalScope,
  linesOf,
  mappingOf,
  replaceMapping,
} from './accounting.queries.ts';

/**
 * The accounting hand-off's reads and the mapping (issue 18 item 8). Every call names one clinic
 * of the caller's. A read of days first books what those days hold without an entry (the
 * backfill), so the journal of any day is whole whether or not the consumer has run over it.
 */

async function mappingAnswer(db: Db, clinicId: number): Promise<AccountMapping> {
  const own = await mappingOf(db, clinicId);
  const chart = chartOf(own);
  const updated = own.reduce<Date | null>((d, r) => (!d || r.updatedAt > d ? r.updatedAt : d), null);
  return {
    clinicId,
    accounts: ACCOUNT_KEYS.map((key) => ({
      key,
      ...chart[key],
      isDefault: !own.some((r) => r.key === key),
    })),
    updatedAt: updated?.toISOString() ?? null,
  };
}

export function accountMapping(db: Db, session: AuthSession, clinicId: number) {
  clinicOf(session, clinicId);
  return mappingAnswer(db, clinicId);
}

/** Keeps the accounts that differ from the defaults; the others fall back to them. */
export async function saveMapping(db: Db, session: AuthSession, input: SaveMapping, ip: string) {
  clinicOf(session, input.clinicId);
  const own = input.accounts.filter(
    (a) => a.code !== DEFAULT_ACCOUNTS[a.key].code || a.name !== DEFAULT_ACCOUNTS[a.key].name,
  );
  await db.transaction(async (tx) => {
    await replaceMapping(tx, input.clinicId, own, session.userId);
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId: input.clinicId,
      action: 'accounting.mapping.save',
      entity: 'account_mappings',
      entityId: String(input.clinicId),
      ip,
      detail: { accounts: own },
    });
  });
  return mappingAnswer(db, input.clinicId);
}

async function bookedScope(db: Db, session: AuthSession, q: JournalRange): Promise<JournalScope> {
  const clinic = clinicOf(session, q.clinicId);
  await db.transaction((tx) => backfill(tx, clinic.id, clinic.timeZone, q.from, q.to));
  return { clinicId: clinic.id, from: q.from, to: q.to, source: q.source };
}

export async function journal(db: Db, session: AuthSession, q: JournalQuery): Promise<JournalPage> {
  const scope = await bookedScope(db, session, q);
  const page = await entryPage(db, scope, { limit: q.limit, offset: (q.page - 1) * q.limit });
  const lines = await linesOf(
    db,
    page.entries.map((e) => e.id),
  );
  return {
    ...pageOf(
      page.entries.map((e) => toJournalEntry(e, lines)),
      page.total,
      q,
    ),
    from: q.from,
    to: q.to,
    totals: { debit: page.debit, credit: page.credit, balanced: page.debit === page.credit },
  };
}

export async function totals(db: Db, session: AuthSession, q: JournalRange): Promise<AccountTotals> {
  const rows = (await accountTotals(db, await bookedScope(db, session, q))).map((r) => ({
    ...r,
    debit: Number(r.debit),
    credit: Number(r.credit),
  }));
  return {
    from: q.from,
    to: q.to,
    rows,
    debit: rows.reduce((n, r) => n + r.debit, 0),
    credit: rows.reduce((n, r) => n + r.credit, 0),
    balanced: isBalanced(rows),
  };
}

export type ExportLine = Awaited<ReturnType<typeof exportLines>>[number];

/** Every line of the range (at most 92 days of one clinic), for the xlsx and the CSV. */
export async function journalLinesForExport(db: Db, session: AuthSession, q: JournalRange) {
  return exportLines(db, await bookedScope(db, session, q));
}
