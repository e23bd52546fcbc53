import {
  type AccountKey,
  billEntryLines,
  chartOf,
  depositEntryLines,
  type JournalLineDraft,
  type JournalSource,
  type PostedLine,
  payerPaymentEntryLines,
  paymentEntryLines,
} from '@klinikita/domain/accounting/accounting.rules';
import type { PaymentMethod } from '@klinikita/domain/billing/billing.rules';
import type { PayerPaymentMethod } from '@klinikita/domain/billing/payer-invoices.rules';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { newUid } from '../../shared/crypto.ts';
import type { Tx } from '../../shared/sql.ts';
import {
  adjustmentToBook,
  billToBook,
  clinicTimeZone,
  depositToBook,
  entryExists,
  insertEntry,
  mappingOf,
  type NewEntry,
  payerPaymentToBook,
  paymentToBook,
  unbookedSources,
} from './accounting.queries.ts';

/**
 * Books one source (a posted bill, a posted bill's adjustment, a payment, a reversal, a payer's
 * payment) as one journal entry from its rows, on the clinic's chart of that moment. Shared by
 * the event consumer and the backfill; once per source (the unique source index), so a replayed
 * event or two writers at once book it once. Answers whether it wrote the entry.
 */
export async function book(tx: Tx, source: JournalSource, uid: string, eventId: number | null = null) {
  if (await entryExists(tx, source, uid)) return false;
  const draft = await draftOf(tx, source, uid);
  if (!draft) return false;
  const chart = chartOf(await mappingOf(tx, draft.clinicId));
  const lines = draft.lines.map((l) => ({
    accountKey: l.key,
    accountCode: chart[l.key as AccountKey].code,
    accountName: chart[l.key as AccountKey].name,
    debit: l.debit,
    credit: l.credit,
  }));
  return insertEntry(tx, { ...draft, uid: newUid(), source, sourceUid: uid, eventId, lines });
}

type Draft = Omit<NewEntry, 'uid' | 'source' | 'sourceUid' | 'eventId' | 'lines'> & {
  lines: JournalLineDraft[];
};

const postedLine = (l: PostedLine): PostedLine => ({
  category: l.category,
  taxCode: l.taxCode,
  gross: l.gross,
  discount: l.discount,
  dpp: l.dpp,
  ppn: l.ppn,
  net: l.net,
});

async function draftOf(tx: Tx, source: JournalSource, uid: string): Promise<Draft | null> {
  switch (source) {
    case 'bill': {
      const found = await billToBook(tx, uid);
      if (!found?.bill.postedAt) return null;
      const { bill, lines } = found;
      return {
        corpId: bill.corpId,
        clinicId: bill.clinicId,
        day: clinicDay(await clinicTimeZone(tx, bill.clinicId), bill.postedAt ?? undefined),
        reference: bill.number ?? '',
        description: `Tagihan ${bill.number}${bill.payerName ? ` – ${bill.payerName}` : ''}`,
        lines: billEntryLines(
          lines.map((l) => postedLine(l as PostedLine)),
          bill.pricesIncludePpn ?? true,
        ),
      };
    }
    case 'adjustment': {
      const found = await adjustmentToBook(tx, uid);
      if (!found) return null;
      const { bill, line, adjustment } = found;
      return {
        corpId: bill.corpId,
        clinicId: bill.clinicId,
        day: clinicDay(await clinicTimeZone(tx, bill.clinicId), line.createdAt),
        reference: bill.number ?? '',
        description: `Penyesuaian ${bill.number}: ${adjustment.reason}`,
        lines: billEntryLines([postedLine(line as PostedLine)], bill.pricesIncludePpn ?? true),
      };
    }
    case 'payment':
    case 'reversal': {
      const found = await paymentToBook(tx, uid);
      if (!found) return null;
      const { payment, parts, billNumber, reversedReceipt } = found;
      const reversal = payment.reversesPaymentId !== null;
      if (reversal !== (source === 'reversal')) return null;
      return {
        corpId: payment.corpId,
        clinicId: payment.clinicId,
        day: clinicDay(await clinicTimeZone(tx, payment.clinicId), payment.createdAt),
        reference: (reversal ? reversedReceipt : payment.receiptNumber) ?? billNumber ?? '',
        description: reversal
          ? `Pembatalan pembayaran ${reversedReceipt ?? ''} (${billNumber}): ${payment.reason ?? ''}`
          : `Pembayaran ${payment.receiptNumber} (${billNumber})`,
        lines: paymentEntryLines(parts.map((p) => ({ method: p.method as PaymentMethod, amount: p.amount }))),
      };
    }
    case 'deposit':
    case 'depositRefund': {
      const found = await depositToBook(tx, uid);
      if (!found || (found.entry.kind === 'receipt') !== (source === 'deposit')) return null;
      const { entry, patientName, receiptNumber } = found;
      return {
        corpId: entry.corpId,
        clinicId: entry.clinicId,
        day: clinicDay(await clinicTimeZone(tx, entry.clinicId), entry.createdAt),
        reference: receiptNumber ?? '',
        description:
          source === 'deposit'
            ? `Deposit ${receiptNumber} – ${patientName}`
            : `Pengembalian deposit ${receiptNumber ?? ''} – ${patientName}: ${entry.reason ?? ''}`,
        lines: depositEntryLines(entry.method as PaymentMethod, entry.amount),
      };
    }
    case 'payerPayment': {
      const found = await payerPaymentToBook(tx, uid);
      if (!found) return null;
      const { payment, invoice } = found;
      return {
        corpId: invoice.corpId,
        clinicId: invoice.clinicId,
        day: payment.paidOn,
        reference: invoice.number,
        description: `Pembayaran ${invoice.number} – ${invoice.payerName}`,
        lines: payerPaymentEntryLines(
          payment.method as PayerPaymentMethod,
          invoice.payerKind === 'insurer' ? 'insurer' : 'company',
          payment.amount,
        ),
      };
    }
  }
}

/** Books what a clinic's days hold without an entry (demo data, payer payments, entries made before this module). */
export async function backfill(tx: Tx, clinicId: number, timeZone: string, from: string, to: string) {
  let booked = 0;
  for (const s of await unbookedSources(tx, clinicId, timeZone, from, to))
    if (await book(tx, s.source, s.uid)) booked += 1;
  return booked;
}
