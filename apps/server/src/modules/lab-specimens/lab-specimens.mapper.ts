import type { LabSpecimen, LabSpecimenStatus } from '@klinikita/domain/lab/lab-specimens.schema';
import type { LabSpecimenRow } from './lab-specimens.queries.ts';

const byWho = (name: string | null, at: Date | null) => (at ? { name, at: at.toISOString() } : null);

export function toLabSpecimen(row: LabSpecimenRow, tests: string[]): LabSpecimen {
  return {
    uid: row.uid,
    barcode: row.barcode,
    container: row.container,
    specimen: row.specimen,
    status: row.status as LabSpecimenStatus,
    tests,
    labelled: byWho(row.labelledByName, row.createdAt),
    collected: byWho(row.collectedByName, row.collectedAt),
    received: byWho(row.receivedByName, row.receivedAt),
    rejected: byWho(row.rejectedByName, row.rejectedAt),
    rejectReason: row.rejectReason,
    replacesBarcode: row.replacesBarcode,
  };
}
