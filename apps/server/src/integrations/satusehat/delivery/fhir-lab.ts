import type {
  DiagnosticReport,
  Observation,
  ObservationReferenceRange,
  Quantity,
  ServiceRequest,
  Specimen,
} from 'fhir/r4';
import {
  coded,
  type LocalEntry,
  localIdentifier,
  FHIR_SYSTEMS as S,
  ucumOf,
  urnOf,
  utc,
} from './fhir-common.ts';

/**
 * One released lab report as one transaction (issue 19 §3): per lab test a ServiceRequest, the
 * specimens taken, an Observation per parameter with a LOINC code (category laboratory, UCUM
 * quantity when numeric, interpretation from the flag, the reference range that applied) and the
 * DiagnosticReport gathering them, all in the visit's accepted Encounter. Pure.
 */

/** SNOMED CT specimen types of the catalogue's specimens. */
const SPECIMEN_TYPES: Readonly<Record<string, { code: string; display: string }>> = {
  wholeBlood: { code: '119297000', display: 'Blood specimen' },
  serum: { code: '119364003', display: 'Serum specimen' },
  plasma: { code: '119361006', display: 'Plasma specimen' },
  urine: { code: '122575003', display: 'Urine specimen' },
  stool: { code: '119339001', display: 'Stool specimen' },
  other: { code: '123038009', display: 'Specimen' },
};

/** v3 ObservationInterpretation of the lab's flags (A: an abnormal text answer). */
const INTERPRETATIONS: Readonly<Record<string, string>> = {
  N: 'Normal',
  L: 'Low',
  H: 'High',
  LL: 'Critical low',
  HH: 'Critical high',
  A: 'Abnormal',
};

/** LOINC 11502-2 "Laboratory report": the report's code when it gathers several tests. */
const LAB_REPORT = { code: '11502-2', display: 'Laboratory report' };

export interface LabParameterResult {
  code: string;
  name: string;
  /** null: not sent (the platform needs LOINC) */
  loinc: string | null;
  specimen: string | null;
  valueNumber: number | null;
  valueText: string | null;
  unit: string | null;
  low: number | null;
  high: number | null;
  normalText: string | null;
  flag: string | null;
}

export interface LabSnapshot {
  organizationId: string;
  /** The released report's uid (each amendment is a new one) */
  reportUid: string;
  version: number;
  encounterId: string;
  patient: { ihs: string; name: string };
  /** The doctor who ordered it, when known at the platform */
  requester: { ihs: string; name: string } | null;
  orderedAt: Date;
  releasedAt: Date;
  specimens: {
    barcode: string;
    specimen: string | null;
    collectedAt: Date | null;
    receivedAt: Date | null;
  }[];
  tests: { code: string; name: string; parameters: LabParameterResult[] }[];
}

/** The parameters that can be sent: a LOINC code and a value. */
export function sendable(p: LabParameterResult): boolean {
  return Boolean(p.loinc) && (p.valueNumber !== null || Boolean(p.valueText));
}

export function labEntries(s: LabSnapshot): LocalEntry[] {
  const seed = (what: string) => urnOf(`lab:${s.organizationId}:${s.reportUid}:${what}`);
  const id = (kind: string, value: string) => [localIdentifier(kind, s.organizationId, value)];
  const subject = { reference: `Patient/${s.patient.ihs}`, display: s.patient.name };
  const encounter = { reference: `Encounter/${s.encounterId}` };
  const performer = [{ reference: `Organization/${s.organizationId}` }];
  const status = s.version > 1 ? 'amended' : 'final';
  const tests = s.tests
    .map((t) => ({ ...t, parameters: t.parameters.filter(sendable) }))
    .filter((t) => t.parameters.length);

  const requests = tests.map((t): LocalEntry => {
    const loincs = [...new Set(t.parameters.map((p) => p.loinc!))];
    const resource: ServiceRequest = {
      resourceType: 'ServiceRequest',
      identifier: id('servicerequest', `${s.reportUid}-${t.code}`),
      status: 'completed',
      intent: 'order',
      category: [coded(S.snomed, '108252007', 'Laboratory procedure')],
      code: {
        ...(loincs.length === 1 ? coded(S.loinc, loincs[0], t.parameters[0].name) : {}),
        text: t.name,
      },
      subject,
      encounter,
      authoredOn: utc(s.orderedAt),
      ...(s.requester
        ? { requester: { reference: `Practitioner/${s.requester.ihs}`, display: s.requester.name } }
        : {}),
      performer,
    };
    return { fullUrl: seed(`ServiceRequest:${t.code}`), resource, local: `ServiceRequest:${t.code}` };
  });
  const requestRefs = requests.map((r) => ({ reference: r.fullUrl }));

  // the labelled containers, or one specimen per kind the parameters name when none were labelled
  const taken = s.specimens.length
    ? s.specimens
    : [...new Set(tests.flatMap((t) => t.parameters.map((p) => p.specimen ?? 'other')))].map((kind) => ({
        barcode: `${s.reportUid}-${kind}`,
        specimen: kind,
        collectedAt: null,
        receivedAt: null,
      }));
  const specimens = taken.map((sp): LocalEntry => {
    const type = SPECIMEN_TYPES[sp.specimen ?? 'other'] ?? SPECIMEN_TYPES.other;
    const resource: Specimen = {
      resourceType: 'Specimen',
      identifier: id('specimen', sp.barcode),
      status: 'available',
      type: coded(S.snomed, type.code, type.display),
      subject,
      request: requestRefs,
      ...(sp.receivedAt ? { receivedTime: utc(sp.receivedAt) } : {}),
      ...(sp.collectedAt ? { collection: { collectedDateTime: utc(sp.collectedAt) } } : {}),
    };
    return { fullUrl: seed(`Specimen:${sp.barcode}`), resource, local: `Specimen:${sp.barcode}` };
  });
  const specimenOf = (kind: string | null) =>
    specimens[
      Math.max(
        0,
        taken.findIndex((sp) => sp.specimen === (kind ?? 'other')),
      )
    ];
  const collected = taken.map((sp) => sp.collectedAt).find(Boolean) ?? null;
  const effective = utc(collected ?? s.releasedAt);

  const observations = tests.flatMap((t, testIndex) =>
    t.parameters.map((p): LocalEntry => {
      const specimen = specimenOf(p.specimen);
      const resource: Observation = {
        resourceType: 'Observation',
        identifier: id('observation', `${s.reportUid}-${t.code}-${p.code}`),
        status,
        category: [coded(S.observationCategory, 'laboratory', 'Laboratory')],
        code: coded(S.loinc, p.loinc!, p.name),
        subject,
        encounter,
        basedOn: [{ reference: requests[testIndex].fullUrl }],
        ...(specimen ? { specimen: { reference: specimen.fullUrl } } : {}),
        performer,
        effectiveDateTime: effective,
        issued: utc(s.releasedAt),
        ...resultValue(p),
        ...(p.flag && INTERPRETATIONS[p.flag]
          ? { interpretation: [coded(S.interpretation, p.flag, INTERPRETATIONS[p.flag])] }
          : {}),
        ...rangeOf(p),
      };
      return {
        fullUrl: seed(`Observation:${t.code}:${p.code}`),
        resource,
        local: `Observation:${p.loinc}`,
      };
    }),
  );

  const report: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    identifier: id('diagnostic', s.reportUid),
    status,
    category: [coded(S.diagnosticService, 'LAB', 'Laboratory')],
    code:
      requests.length === 1 && (requests[0].resource as ServiceRequest).code?.coding
        ? { ...(requests[0].resource as ServiceRequest).code }
        : {
            ...coded(S.loinc, LAB_REPORT.code, LAB_REPORT.display),
            text: tests.map((t) => t.name).join(', '),
          },
    basedOn: requestRefs,
    subject,
    encounter,
    effectiveDateTime: effective,
    issued: utc(s.releasedAt),
    performer,
    result: observations.map((o) => ({ reference: o.fullUrl })),
    specimen: specimens.map((sp) => ({ reference: sp.fullUrl })),
  };

  return [
    ...requests,
    ...specimens,
    ...observations,
    { fullUrl: seed('DiagnosticReport'), resource: report, local: 'DiagnosticReport' },
  ];
}

function quantityOf(value: number, unit: string | null): Quantity {
  const code = ucumOf(unit);
  return code ? { value, unit: unit!, system: S.ucum, code } : { value, ...(unit ? { unit } : {}) };
}

function resultValue(p: LabParameterResult): Pick<Observation, 'valueQuantity' | 'valueString'> {
  if (p.valueNumber !== null) return { valueQuantity: quantityOf(p.valueNumber, p.unit) };
  return { valueString: p.valueText! };
}

function rangeOf(p: LabParameterResult): Pick<Observation, 'referenceRange'> {
  const range: ObservationReferenceRange = {
    ...(p.low !== null ? { low: quantityOf(p.low, p.unit) } : {}),
    ...(p.high !== null ? { high: quantityOf(p.high, p.unit) } : {}),
    ...(p.normalText ? { text: p.normalText } : {}),
  };
  return Object.keys(range).length ? { referenceRange: [range] } : {};
}
