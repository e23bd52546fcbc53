import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { LabelPaper } from '@klinikita/domain/pharmacy/pharmacy.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { batchesAt, drugsOf, givenRows, pharmacyLocation } from './pharmacy.queries.ts';
import { audit, present, refuse, scopedOrder } from './pharmacy.service.ts';
import { labelHeader } from './pharmacy-extras.queries.ts';
import { type PrintedLabel, renderPrescriptionLabels } from './pharmacy-labels.pdf.ts';

const earliest = (days: readonly (string | null | undefined)[]) =>
  days.filter((d): d is string => !!d).sort()[0] ?? null;

const amount = (n: number) => String(n).replace('.', ',');

/**
 * The labels (etiket) of a prescription as a PDF, one per line: the substitute's name when the
 * line was substituted; the expiry is the earliest of the batches handed over for the line, or of
 * the batch first-expiry-first-out would take (for a racikan, over its ingredients). It prints the
 * patient's name and date of birth: a read of medical data, audited.
 */
export async function labelsPdf(db: Db, session: AuthSession, uid: string, paper: LabelPaper, ip: string) {
  const { row, clinic } = await scopedOrder(db, session, uid);
  const shown = await present(db, row, clinic.timeZone);
  if (!shown.lines.length) throw refuse(409, 'nothingToLabel');
  const [header, given, location] = await Promise.all([
    labelHeader(db, row.id),
    givenRows(db, row.id),
    pharmacyLocation(db, row.clinicId, row.pharmacyLocationId),
  ]);
  const today = clinicDay(clinic.timeZone);
  // the FEFO batch of each racikan ingredient not handed over yet
  const ingredientUids = shown.lines.flatMap((l) => l.ingredients.flatMap((g) => g.itemUid ?? []));
  const ingredientDrugs = await drugsOf(db, row.corpId, [...new Set(ingredientUids)]);
  const ingredientBatches = location
    ? await batchesAt(
        db,
        location.id,
        ingredientDrugs.map((d) => d.id),
        today,
      )
    : [];
  const fefoOf = (itemUid: string) => {
    const drug = ingredientDrugs.find((d) => d.uid === itemUid);
    return drug ? ingredientBatches.find((b) => b.itemId === drug.id)?.expiryDate : null;
  };
  const labels: PrintedLabel[] = shown.lines.map((l) => {
    const handed = given.filter((g) => g.line === l.line).map((g) => g.expiryDate);
    const compound = l.item.kind === 'compound';
    const expiry = handed.length
      ? earliest(handed)
      : compound
        ? earliest(l.ingredients.map((g) => (g.itemUid ? fefoOf(g.itemUid) : null)))
        : (l.batches[0]?.expiryDate ?? null);
    return {
      colour: l.labelColour,
      drug: l.substitute?.name ?? l.item.name,
      quantity: `${amount(l.item.quantity)} ${compound ? (l.item.compoundForm ?? l.item.unit) : l.item.unit}`,
      signa: l.signa,
      expiry,
    };
  });
  const pdf = await renderPrescriptionLabels({
    paper,
    clinicName: header.clinicName,
    date: today,
    patient: { name: row.patientName, mrn: row.mrn, dob: header.birthDate },
    labels,
  });
  await audit(db, session, ip, row, 'prescription.labels', { paper, lines: labels.length });
  return { pdf, fileName: `etiket-${row.mrn}-${today}.pdf` };
}
