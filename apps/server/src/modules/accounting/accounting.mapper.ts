import { isBalanced, type JournalSource } from '@klinikita/domain/accounting/accounting.rules';
import type { JournalEntry, JournalLine } from '@klinikita/domain/accounting/accounting.schema';

/** Journal rows as the API answers them: no database ids. */

interface EntryRow {
  id: number;
  uid: string;
  day: string;
  source: string;
  sourceUid: string;
  reference: string;
  description: string;
}
interface LineRow extends JournalLine {
  entryId: number;
}

export function toJournalEntry(e: EntryRow, lines: readonly LineRow[]): JournalEntry {
  const own = lines
    .filter((l) => l.entryId === e.id)
    .map((l) => ({
      accountKey: l.accountKey,
      accountCode: l.accountCode,
      accountName: l.accountName,
      debit: l.debit,
      credit: l.credit,
    }));
  return {
    uid: e.uid,
    day: e.day,
    source: e.source as JournalSource,
    sourceUid: e.sourceUid,
    reference: e.reference,
    description: e.description,
    lines: own,
    debit: own.reduce((n, l) => n + l.debit, 0),
    credit: own.reduce((n, l) => n + l.credit, 0),
    balanced: isBalanced(own),
  };
}
