import type { PrescriptionItem } from '@klinikita/domain/consultations/encounter.schema';
import type { Bundle } from 'fhir/r4';
import type { Db } from '../../../db/client.ts';
import type { BuildContext, BuildDelivery, BuiltDelivery, DeliveryTarget } from './delivery.types.ts';
import {
  dispensedRowsOf,
  dispenseSourceOf,
  drugsByUid,
  encounterSourceOf,
  labSourceOf,
  labSpecimensOf,
  labValuesOf,
  locationOf,
  treatmentProceduresOf,
} from './delivery-source.queries.ts';
import { entryOf, type LocalEntry, notBefore } from './fhir-common.ts';
import { type DispenseSnapshot, dispenseEntries, parseDispenseSourceKey } from './fhir-dispense.ts';
import { allergySubstances, type EncounterSnapshot, encounterEntries } from './fhir-encounter.ts';
import { type LabParameterResult, type LabSnapshot, labEntries } from './fhir-lab.ts';

/**
 * What a delivery sends (issue 19 §3), built when it is sent from what the database holds then:
 * the visit's, the handover's or the lab report's snapshot, checked for what the platform needs
 * (IHS numbers, a registered Location, the accepted Encounter, KFA and LOINC codes), then turned
 * into a transaction Bundle by the pure builders.
 *
 * Choices: a prescription line whose drug has no KFA code (or a racikan, which has none) is left
 * out of the visit's MedicationRequests and named in `omitted` (the platform refuses a
 * MedicationRequest without KFA, and one line should not hold the whole visit back); its
 * handover is blocked `drugNoKfa` naming the drugs, since a MedicationDispense is nothing without
 * its Medication. Lab parameters without LOINC are left out likewise; only a report none of whose
 * results has LOINC is blocked `labNoLoinc`.
 */

export const buildDelivery: BuildDelivery = (db, target, context) => {
  switch (target.kind) {
    case 'encounter':
      return buildEncounter(db, target, context);
    case 'dispense':
      return buildDispense(db, target, context);
    case 'lab':
      return buildLab(db, target, context);
  }
};

type Omitted = NonNullable<Extract<BuiltDelivery, { ok: true }>['omitted']>;

function built(entries: LocalEntry[], omitted: Omitted = []): BuiltDelivery {
  const bundle: Bundle = { resourceType: 'Bundle', type: 'transaction', entry: entries.map(entryOf) };
  const locals = Object.fromEntries(entries.map((e) => [e.fullUrl, e.local]));
  return { ok: true, bundle, locals, ...(omitted.length ? { omitted } : {}) };
}

const blocked = (
  reason: Extract<BuiltDelivery, { ok: false }>['reason'],
  detail?: string,
): BuiltDelivery => ({
  ok: false,
  reason,
  ...(detail ? { detail } : {}),
});

/** The patient's IHS number, or why there is none (no NIK to look it up by, or none found). */
function patientOf(row: {
  patientIhs: string | null;
  patientNik: string | null;
  patientName: string;
}): { ihs: string; name: string } | BuiltDelivery {
  if (row.patientIhs) return { ihs: row.patientIhs, name: row.patientName };
  return blocked(row.patientNik ? 'patientNotFound' : 'patientNoNik', row.patientName);
}

const isBlocked = (value: object): value is BuiltDelivery => 'ok' in value;

const withStrength = (name: string, strength: string | null) =>
  strength && !name.includes(strength) ? `${name} ${strength}` : name;

async function buildEncounter(db: Db, target: DeliveryTarget, context: BuildContext): Promise<BuiltDelivery> {
  const row = await encounterSourceOf(db, target.sourceKey);
  const note = row?.note;
  if (!row || note?.status !== 'signed') return blocked('nothingToSend');
  const patient = patientOf(row);
  if (isBlocked(patient)) return patient;
  if (!row.doctorIhs) return blocked('doctorNoIhs', row.doctorName ?? undefined);
  const organizationId = context.organizationId;
  const location = await locationOf(db, row.clinicId, row.room, organizationId);
  if (!location) return blocked('locationNotRegistered', row.room);

  // the real times: checked in, called in by the doctor (else the note opened), the note signed
  const arrivedAt = row.arrivedAt;
  const inProgressAt = notBefore(arrivedAt, row.calledAt ?? note.createdAt);
  const finishedAt = notBefore(inProgressAt, note.signedAt);

  const treatments = await treatmentProceduresOf(db, row.registrationId, note.id);
  const procedures = [
    ...note.procedures.map((p, index) => ({
      key: `note${index + 1}`,
      code: p.code,
      title: p.title,
      performedAt: null,
    })),
    ...treatments.map((t) => ({ key: t.uid, code: t.code, title: t.name, performedAt: t.performedAt })),
  ];

  const omitted: Omitted = [];
  const lines = note.prescription.map((item, line) => ({ item, line }));
  const drugIds = lines.flatMap(({ item }) => (item.kind === 'drug' && item.drugId ? [item.drugId] : []));
  const drugs = new Map((await drugsByUid(db, target.corpId, drugIds)).map((d) => [d.uid, d]));
  const medications: EncounterSnapshot['medications'] = [];
  for (const { item, line } of lines) {
    const drug = item.kind === 'drug' && item.drugId ? drugs.get(item.drugId) : undefined;
    if (!drug?.kfaCode) {
      const what = item.kind === 'compound' ? `${item.name} (racikan)` : item.name;
      omitted.push({ local: `MedicationRequest:${line + 1}`, reason: 'drugNoKfa', detail: what });
      continue;
    }
    medications.push({
      line,
      name: withStrength(drug.name, drug.strength),
      kfaCode: drug.kfaCode,
      dose: item.dose,
      frequency: item.frequency,
      route: item.route,
      durationDays: item.durationDays,
      quantity: item.quantity,
      unit: item.unit,
      instructions: item.instructions ?? null,
    });
  }

  const snapshot: EncounterSnapshot = {
    organizationId,
    registrationUid: row.registrationUid,
    patient,
    doctor: { ihs: row.doctorIhs, name: row.doctorName ?? '' },
    location,
    arrivedAt,
    inProgressAt,
    finishedAt,
    diagnoses: note.diagnoses,
    vitals: note,
    procedures,
    medications,
    allergies: allergySubstances(row.allergies),
  };
  return built(encounterEntries(snapshot), omitted);
}

/** A prescription line's directions, as the label gives them. */
function directionsOf(item: PrescriptionItem | undefined): string | null {
  if (!item) return null;
  return [`${item.dose}, ${item.frequency}`, item.instructions].filter(Boolean).join('; ');
}

async function buildDispense(db: Db, target: DeliveryTarget, context: BuildContext): Promise<BuiltDelivery> {
  const key = parseDispenseSourceKey(target.sourceKey);
  const source = key && (await dispenseSourceOf(db, key.prescriptionUid, key.requestKey));
  if (!source) return blocked('nothingToSend');
  const patient = patientOf(source);
  if (isBlocked(patient)) return patient;
  const rows = await dispensedRowsOf(db, source.eventId);
  if (!rows.length) return blocked('nothingToSend');
  const noKfa = [...new Set(rows.filter((r) => !r.kfaCode).map((r) => withStrength(r.drugName, r.strength)))];
  if (noKfa.length) return blocked('drugNoKfa', noKfa.join(', '));
  if (!context.encounterId) return blocked('encounterNotAccepted');

  const snapshot: DispenseSnapshot = {
    organizationId: context.organizationId,
    prescriptionUid: source.prescriptionUid,
    encounterId: context.encounterId,
    patient,
    handedOverAt: source.handedOverAt,
    items: rows.map((r) => ({
      id: r.id,
      line: r.line,
      ingredient: r.ingredient,
      name: withStrength(r.drugName, r.strength),
      kfaCode: r.kfaCode!,
      batchNumber: r.batchNumber,
      expiryDate: r.expiryDate,
      quantity: r.quantity,
      unit: r.unit,
      directions: directionsOf(source.items[r.line]),
      durationDays: source.items[r.line]?.durationDays ?? null,
    })),
  };
  return built(dispenseEntries(snapshot));
}

async function buildLab(db: Db, target: DeliveryTarget, context: BuildContext): Promise<BuiltDelivery> {
  const source = await labSourceOf(db, target.sourceKey);
  if (!source?.releasedAt) return blocked('nothingToSend');
  const patient = patientOf(source);
  if (isBlocked(patient)) return patient;
  const values = await labValuesOf(db, source.reportId);
  const withValue = values.filter((v) => v.valueNumber !== null || Boolean(v.valueText));
  if (!withValue.length) return blocked('nothingToSend');
  const noLoinc = withValue.filter((v) => !v.loinc);
  if (noLoinc.length === withValue.length) {
    return blocked('labNoLoinc', [...new Set(noLoinc.map((v) => v.testName))].join(', '));
  }
  if (!context.encounterId) return blocked('encounterNotAccepted');

  const tests = new Map<string, { code: string; name: string; parameters: LabParameterResult[] }>();
  for (const v of withValue) {
    const test = tests.get(v.testCode) ?? { code: v.testCode, name: v.testName, parameters: [] };
    tests.set(v.testCode, test);
    test.parameters.push({
      code: v.code,
      name: v.name,
      loinc: v.loinc,
      specimen: v.specimen,
      valueNumber: v.valueNumber,
      valueText: v.valueText,
      unit: v.unit,
      low: v.low,
      high: v.high,
      normalText: v.normalText,
      flag: v.flag,
    });
  }
  const snapshot: LabSnapshot = {
    organizationId: context.organizationId,
    reportUid: source.reportUid,
    version: source.version,
    encounterId: context.encounterId,
    patient,
    requester: source.doctorIhs ? { ihs: source.doctorIhs, name: source.doctorName ?? '' } : null,
    orderedAt: source.orderedAt ?? source.arrivedAt,
    releasedAt: source.releasedAt,
    specimens: await labSpecimensOf(db, source.registrationId),
    tests: [...tests.values()],
  };
  const omitted: Omitted = noLoinc.map((v) => ({
    local: `Observation:${v.testCode}:${v.code}`,
    reason: 'labNoLoinc',
    detail: `${v.testName}: ${v.name}`,
  }));
  return built(labEntries(snapshot), omitted);
}
