import { type DenialReason, denialState } from '@klinikita/domain/billing/payer-claims.rules';
import type { PayerClaim, PayerDenial } from '@klinikita/domain/billing/payer-claims.schema';
import type { billLinesOf, DenialRow } from './payer-claims.queries.ts';

/** An insurer's denials into the API's shape (no raw row leaves the server). */

type LineRow = Awaited<ReturnType<typeof billLinesOf>>[number];

export function toDenial(d: DenialRow, lines: LineRow[], names: Map<number, string>): PayerDenial {
  const ofBill = lines.filter((l) => l.billId === d.billId);
  return {
    uid: d.uid,
    receivableUid: d.receivableUid,
    visitDay: d.visitDay,
    patientName: d.patientName,
    billNumber: d.billNumber,
    amount: d.amount,
    reasonCode: d.reasonCode as DenialReason,
    note: d.note,
    lines: d.lineSeqs.map((seq) => {
      const line = ofBill.find((l) => l.seq === seq);
      return { seq, code: line?.code ?? null, description: line?.description ?? '' };
    }),
    state: denialState({
      reclaimed: d.reclaimed,
      writtenOff: d.writtenOff,
      writeOffRequested: d.writeOffRequestedBy !== null,
    }),
    writeOffReason: d.writeOffReason,
    writeOffRequestedBy: d.writeOffRequestedBy,
    recordedBy: names.get(d.recordedBy) ?? '',
    recordedAt: d.createdAt.toISOString(),
  };
}

export function toClaim(
  denials: DenialRow[],
  bills: { receivableUid: string; billId: number }[],
  lines: LineRow[],
  names: Map<number, string>,
): PayerClaim {
  const receivableOf = new Map(bills.map((b) => [b.billId, b.receivableUid]));
  return {
    denials: denials.map((d) => toDenial(d, lines, names)),
    billLines: lines.map((l) => ({
      receivableUid: receivableOf.get(l.billId) ?? '',
      seq: l.seq,
      code: l.code,
      description: l.description,
      amount: l.amount,
    })),
  };
}
