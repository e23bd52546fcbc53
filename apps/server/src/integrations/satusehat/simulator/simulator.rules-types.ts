import type {
  CodeableConcept,
  Condition,
  Encounter,
  FhirResource,
  Location,
  MedicationDispense,
  MedicationRequest,
  Observation,
  OperationOutcomeIssue,
  Organization,
  Reference,
} from 'fhir/r4';
import { identifiersOf } from './fhir-store.ts';
import { issue } from './operation-outcome.ts';
import {
  ENCOUNTER_CLASSES,
  isIcd9cm,
  isIcd10,
  isLoinc,
  LOCAL_ID_PREFIX,
  SYSTEMS,
  VITAL_SIGNS,
} from './simulator.codes.ts';

/** The platform's rules of each resource type (satusehat.md, "Requests a clinic needs"). */

/** What a reference points at, seen from the sending organization. */
export type Resolution = 'ok' | 'missing' | 'forbidden';

export interface RuleContext {
  /** The sending organization (from its token) */
  organizationId: string;
  /** `Type/id` of the store, or `urn:uuid:` of an entry of the same transaction */
  resolve(reference: string): Resolution;
  /** Where the resource sits: its type, or `Bundle.entry[2].resource` */
  at: string;
  /** The KFA codes the simulator knows */
  kfaCodes: ReadonlySet<string>;
}

export const RELATIVE_REFERENCE = /^([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/;

/** The reference written `Type/id`, split; undefined for anything else. */
export function splitReference(reference: string | undefined): { type: string; id: string } | undefined {
  const match = RELATIVE_REFERENCE.exec(reference ?? '');
  return match ? { type: match[1], id: match[2] } : undefined;
}

type Issues = OperationOutcomeIssue[];
type Rule<T> = (resource: T, at: string, context: RuleContext) => Issues;

/** `reference` must name a resource of one of `types` (existence is checked by the generic rules). */
function refTo(reference: Reference | undefined, types: string[], path: string, required = true): Issues {
  if (!reference?.reference) {
    return required ? [issue('required', `${path.split('.').pop()} is required`, path)] : [];
  }
  if (reference.reference.startsWith('urn:uuid:')) return [];
  const target = splitReference(reference.reference);
  if (target && !types.includes(target.type)) {
    return [issue('value', `${reference.reference} must reference ${types.join(' or ')}`, path)];
  }
  return [];
}

/** The codings of `system` in `concept` must each be on the list; one of them is required. */
function codesFrom(
  concept: CodeableConcept | undefined,
  system: string,
  known: (code: string) => boolean,
  label: string,
  path: string,
): Issues {
  const codings = concept?.coding ?? [];
  const ofSystem = codings
    .map((coding, index) => ({ coding, index }))
    .filter((c) => c.coding.system === system);
  if (ofSystem.length === 0) return [issue('required', `A ${label} coding (${system}) is required`, path)];
  return ofSystem
    .filter(({ coding }) => !coding.code || !known(coding.code))
    .map(({ coding, index }) =>
      issue('value', `${coding.code ?? '(empty)'} is not a ${label} code`, `${path}.coding[${index}].code`),
    );
}

function hasCode(concepts: CodeableConcept[] | undefined, system: string, code: string): boolean {
  return (concepts ?? []).some((concept) =>
    (concept.coding ?? []).some((coding) => coding.system === system && coding.code === code),
  );
}

function localIdentifier(resource: FhirResource, kind: string, at: string, context: RuleContext): Issues {
  const system = `${LOCAL_ID_PREFIX}${kind}/${context.organizationId}`;
  return identifiersOf(resource).some((identifier) => identifier.system === system && identifier.value)
    ? []
    : [issue('required', `An identifier of system ${system} is required`, `${at}.identifier`)];
}

const organization: Rule<Organization> = (resource, at, context) => [
  ...(resource.id === context.organizationId ? [] : localIdentifier(resource, 'organization', at, context)),
  ...refTo(resource.partOf, ['Organization'], `${at}.partOf`, resource.id !== context.organizationId),
];

const location: Rule<Location> = (resource, at, context) => {
  const issues = [
    ...localIdentifier(resource, 'location', at, context),
    ...refTo(resource.managingOrganization, ['Organization'], `${at}.managingOrganization`),
  ];
  const physical = resource.physicalType?.coding ?? [];
  if (physical.length && !physical.some((c) => c.system === SYSTEMS.locationPhysicalType)) {
    issues.push(
      issue('value', `physicalType must be coded in ${SYSTEMS.locationPhysicalType}`, `${at}.physicalType`),
    );
  }
  return issues;
};

/** FHIR's order of an encounter's states; a later history entry may never go back. */
const ENCOUNTER_ORDER = ['planned', 'arrived', 'triaged', 'in-progress', 'onleave', 'finished', 'cancelled'];

const encounter: Rule<Encounter> = (resource, at, context) => {
  const issues = [
    ...localIdentifier(resource, 'encounter', at, context),
    ...refTo(resource.subject, ['Patient'], `${at}.subject`),
    ...refTo(resource.serviceProvider, ['Organization'], `${at}.serviceProvider`),
  ];
  if (resource.class?.system !== SYSTEMS.actCode || !ENCOUNTER_CLASSES.has(resource.class.code ?? '')) {
    issues.push(
      issue('value', `class must be a ${SYSTEMS.actCode} encounter code such as AMB`, `${at}.class`),
    );
  }
  const participants = resource.participant ?? [];
  if (!participants.some((p) => hasCode(p.type, SYSTEMS.participationType, 'ATND'))) {
    issues.push(
      issue('required', 'A participant of type ATND (the attending doctor) is required', `${at}.participant`),
    );
  }
  participants.forEach((p, index) => {
    issues.push(...refTo(p.individual, ['Practitioner'], `${at}.participant[${index}].individual`));
  });
  if (!resource.period?.start) issues.push(issue('required', 'period.start is required', `${at}.period`));
  (resource.location ?? []).forEach((l, index) => {
    issues.push(...refTo(l.location, ['Location'], `${at}.location[${index}].location`));
  });
  (resource.diagnosis ?? []).forEach((d, index) => {
    issues.push(...refTo(d.condition, ['Condition', 'Procedure'], `${at}.diagnosis[${index}].condition`));
  });
  issues.push(...statusHistory(resource, at));
  return issues;
};

/** arrived → in-progress → finished: in order, each period ending no later than the next starts. */
function statusHistory(resource: Encounter, at: string): Issues {
  const history = resource.statusHistory ?? [];
  if (history.length === 0) return [issue('required', 'statusHistory is required', `${at}.statusHistory`)];
  const issues: Issues = [];
  history.forEach((entry, index) => {
    const path = `${at}.statusHistory[${index}]`;
    const { start, end } = entry.period ?? {};
    if (!start)
      issues.push(issue('required', 'Every statusHistory entry needs period.start', `${path}.period`));
    if (start && end && Date.parse(end) < Date.parse(start)) {
      issues.push(issue('value', 'period.end is before period.start', `${path}.period`));
    }
    if (index === 0) return;
    const previous = history[index - 1];
    if (ENCOUNTER_ORDER.indexOf(entry.status) <= ENCOUNTER_ORDER.indexOf(previous.status)) {
      issues.push(issue('value', `statusHistory goes from ${previous.status} back to ${entry.status}`, path));
    }
    const previousEnd = previous.period?.end;
    if (!previousEnd) {
      issues.push(
        issue('required', `${previous.status} needs period.end before a later status`, `${path}.period`),
      );
    } else if (start && Date.parse(start) < Date.parse(previousEnd)) {
      issues.push(issue('value', `${entry.status} starts before ${previous.status} ends`, `${path}.period`));
    }
  });
  const last = history[history.length - 1];
  if (resource.status && last.status !== resource.status) {
    issues.push(
      issue(
        'value',
        `status ${resource.status} differs from the last statusHistory (${last.status})`,
        `${at}.status`,
      ),
    );
  }
  return issues;
}

const condition: Rule<Condition> = (resource, at) => [
  ...codesFrom(resource.code, SYSTEMS.icd10, isIcd10, 'ICD-10', `${at}.code`),
  ...refTo(resource.subject, ['Patient'], `${at}.subject`),
  ...refTo(resource.encounter, ['Encounter'], `${at}.encounter`),
  ...(resource.clinicalStatus
    ? []
    : [issue('required', 'clinicalStatus is required', `${at}.clinicalStatus`)]),
];

const observation: Rule<Observation> = (resource, at) => {
  const issues = [
    ...codesFrom(resource.code, SYSTEMS.loinc, isLoinc, 'LOINC', `${at}.code`),
    ...refTo(resource.subject, ['Patient'], `${at}.subject`),
    ...refTo(resource.encounter, ['Encounter'], `${at}.encounter`),
  ];
  if (!resource.category?.some((c) => c.coding?.some((x) => x.system === SYSTEMS.observationCategory))) {
    issues.push(
      issue('required', `A category of ${SYSTEMS.observationCategory} is required`, `${at}.category`),
    );
  }
  const vital = resource.code?.coding?.find(
    (c) => c.system === SYSTEMS.loinc && c.code && VITAL_SIGNS[c.code],
  );
  if (vital) {
    const unit = VITAL_SIGNS[vital.code!];
    const quantity = resource.valueQuantity;
    if (quantity?.system !== SYSTEMS.ucum || quantity.code !== unit) {
      issues.push(issue('value', `LOINC ${vital.code} is measured in UCUM ${unit}`, `${at}.valueQuantity`));
    }
  }
  return issues;
};

function kfa(concept: CodeableConcept | undefined, path: string, codes: ReadonlySet<string>): Issues {
  return codesFrom(concept, SYSTEMS.kfa, (code) => codes.has(code), 'KFA', path);
}

const medicationRequest: Rule<MedicationRequest> = (resource, at, context) => [
  ...(resource.medicationReference
    ? refTo(resource.medicationReference, ['Medication'], `${at}.medicationReference`)
    : kfa(resource.medicationCodeableConcept, `${at}.medicationCodeableConcept`, context.kfaCodes)),
  ...refTo(resource.subject, ['Patient'], `${at}.subject`),
  ...refTo(resource.encounter, ['Encounter'], `${at}.encounter`),
  ...refTo(resource.requester, ['Practitioner'], `${at}.requester`),
];

const medicationDispense: Rule<MedicationDispense> = (resource, at) => [
  ...refTo(resource.medicationReference, ['Medication'], `${at}.medicationReference`),
  ...refTo(resource.subject, ['Patient'], `${at}.subject`),
  ...refTo(resource.context, ['Encounter'], `${at}.context`),
];

const RULES: Record<string, Rule<never>> = {
  Organization: organization,
  Location: location,
  Encounter: encounter,
  Condition: condition,
  Observation: observation,
  Procedure: (resource: { code?: CodeableConcept; subject?: Reference; encounter?: Reference }, at) => [
    ...codesFrom(resource.code, SYSTEMS.icd9cm, isIcd9cm, 'ICD-9-CM', `${at}.code`),
    ...refTo(resource.subject, ['Patient'], `${at}.subject`),
    ...refTo(resource.encounter, ['Encounter'], `${at}.encounter`),
  ],
  Medication: (resource: { code?: CodeableConcept }, at, context) =>
    kfa(resource.code, `${at}.code`, context.kfaCodes),
  MedicationRequest: medicationRequest,
  MedicationDispense: medicationDispense,
  ServiceRequest: (resource: { subject?: Reference; encounter?: Reference }, at) => [
    ...refTo(resource.subject, ['Patient'], `${at}.subject`),
    ...refTo(resource.encounter, ['Encounter'], `${at}.encounter`),
  ],
  Specimen: (resource: { subject?: Reference; request?: Reference[] }, at) => [
    ...refTo(resource.subject, ['Patient'], `${at}.subject`),
    ...(resource.request ?? []).flatMap((r, i) => refTo(r, ['ServiceRequest'], `${at}.request[${i}]`)),
  ],
  DiagnosticReport: (resource: { subject?: Reference; result?: Reference[]; specimen?: Reference[] }, at) => [
    ...refTo(resource.subject, ['Patient'], `${at}.subject`),
    ...(resource.result ?? []).flatMap((r, i) => refTo(r, ['Observation'], `${at}.result[${i}]`)),
    ...(resource.specimen ?? []).flatMap((r, i) => refTo(r, ['Specimen'], `${at}.specimen[${i}]`)),
  ],
  AllergyIntolerance: (resource: { patient?: Reference; encounter?: Reference }, at) => [
    ...refTo(resource.patient, ['Patient'], `${at}.patient`),
    ...refTo(resource.encounter, ['Encounter'], `${at}.encounter`, false),
  ],
};

export function typeRules(resource: FhirResource, context: RuleContext): Issues {
  const rule = RULES[resource.resourceType] as Rule<FhirResource> | undefined;
  return rule ? rule(resource, context.at, context) : [];
}
