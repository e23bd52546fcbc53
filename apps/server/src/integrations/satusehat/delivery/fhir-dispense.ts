import type { Medication, MedicationDispense } from 'fhir/r4';
import { coded, type LocalEntry, localIdentifier, FHIR_SYSTEMS as S, urnOf, utc } from './fhir-common.ts';

/**
 * One handover of the pharmacy as one transaction (issue 19 §3): per line (per ingredient of a
 * racikan) and batch handed over, a MedicationDispense with its own Medication (KFA code, the
 * batch and its expiry), in the visit's accepted Encounter. Pure: the snapshot holds all.
 */

/** The platform's extension saying whether a Medication is a plain product or part of a compound. */
const MEDICATION_TYPE = 'https://fhir.kemkes.go.id/r4/StructureDefinition/MedicationType';
const MEDICATION_TYPE_SYSTEM = 'http://terminology.kemkes.go.id/CodeSystem/medication-type';

export interface DispenseSnapshot {
  organizationId: string;
  /** The prescription's uid: identifiers of this handover's rows start with it */
  prescriptionUid: string;
  /** The visit's Encounter at the platform */
  encounterId: string;
  patient: { ihs: string; name: string };
  handedOverAt: Date;
  /** One row of `dispensed_items` each: the line, the ingredient, the batch */
  items: {
    /** The `dispensed_items` row: unique, so a resend of this row answers `duplicate` */
    id: number;
    line: number;
    ingredient: number | null;
    name: string;
    kfaCode: string;
    batchNumber: string;
    expiryDate: string;
    quantity: number;
    unit: string;
    /** The prescription line's directions */
    directions: string | null;
    durationDays: number | null;
  }[];
}

/** A dispense key as the delivery's `sourceKey`: `{prescriptionUid}:{requestKey}`. */
export function dispenseSourceKey(prescriptionUid: string, requestKey: string): string {
  return `${prescriptionUid}:${requestKey}`;
}

/** The prescription's uid and the handover's request key of a dispense's `sourceKey`. */
export function parseDispenseSourceKey(
  sourceKey: string,
): { prescriptionUid: string; requestKey: string } | null {
  const at = sourceKey.indexOf(':');
  if (at <= 0 || at === sourceKey.length - 1) return null;
  return { prescriptionUid: sourceKey.slice(0, at), requestKey: sourceKey.slice(at + 1) };
}

export function dispenseEntries(s: DispenseSnapshot): LocalEntry[] {
  const subject = { reference: `Patient/${s.patient.ihs}`, display: s.patient.name };
  return s.items.flatMap((item): LocalEntry[] => {
    const key = `${s.prescriptionUid}-${item.id}`;
    const seed = (what: string) => urnOf(`dispense:${s.organizationId}:${key}:${what}`);
    const label = `${item.line + 1}${item.ingredient === null ? '' : `.${item.ingredient + 1}`}`;
    const medicationUrl = seed('Medication');
    const medication: Medication = {
      resourceType: 'Medication',
      identifier: [localIdentifier('medication', s.organizationId, key)],
      code: { ...coded(S.kfa, item.kfaCode, item.name), text: item.name },
      status: 'active',
      batch: { lotNumber: item.batchNumber, expirationDate: item.expiryDate },
      extension: [
        {
          url: MEDICATION_TYPE,
          valueCodeableConcept:
            item.ingredient === null
              ? coded(MEDICATION_TYPE_SYSTEM, 'NC', 'Non-compound')
              : coded(MEDICATION_TYPE_SYSTEM, 'SD', 'Gives of such doses'),
        },
      ],
    };
    const dispense: MedicationDispense = {
      resourceType: 'MedicationDispense',
      identifier: [localIdentifier('prescription-item', s.organizationId, key)],
      status: 'completed',
      category: coded(S.medicationDispenseCategory, 'outpatient', 'Outpatient'),
      medicationReference: { reference: medicationUrl, display: item.name },
      subject,
      context: { reference: `Encounter/${s.encounterId}` },
      quantity: { value: item.quantity, unit: item.unit },
      ...(item.durationDays
        ? { daysSupply: { value: item.durationDays, unit: 'days', system: S.ucum, code: 'd' } }
        : {}),
      whenPrepared: utc(s.handedOverAt),
      whenHandedOver: utc(s.handedOverAt),
      ...(item.directions ? { dosageInstruction: [{ sequence: 1, text: item.directions }] } : {}),
    };
    return [
      { fullUrl: medicationUrl, resource: medication, local: `Medication:${label}:${item.kfaCode}` },
      {
        fullUrl: seed('MedicationDispense'),
        resource: dispense,
        local: `MedicationDispense:${label}:${item.batchNumber}`,
      },
    ];
  });
}
