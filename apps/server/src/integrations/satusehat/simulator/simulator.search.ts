import type { Bundle, FhirResource } from 'fhir/r4';
import { FHIR_PATH } from '../satusehat.constants.ts';
import type { FhirStore } from './fhir-store.ts';
import { operationOutcome } from './operation-outcome.ts';
import type { FhirAnswer } from './simulator.resources.ts';

/**
 * Searches into a searchset Bundle: `identifier=system|value` on every type (the NIK searches of
 * Patient and Practitioner, a resend check of a local identifier), and the reference searches a
 * clinic uses to find what belongs to a visit, a patient or an organization.
 */

/** Search parameter → the element holding the reference, per type. */
const REFERENCE_PARAMS: Record<string, Record<string, string>> = {
  Organization: { partof: 'partOf' },
  Location: { organization: 'managingOrganization', partof: 'partOf' },
  Encounter: { subject: 'subject', patient: 'subject', 'service-provider': 'serviceProvider' },
  Condition: { subject: 'subject', patient: 'subject', encounter: 'encounter' },
  Observation: { subject: 'subject', patient: 'subject', encounter: 'encounter', 'based-on': 'basedOn' },
  Procedure: { subject: 'subject', patient: 'subject', encounter: 'encounter' },
  MedicationRequest: { subject: 'subject', patient: 'subject', encounter: 'encounter' },
  MedicationDispense: {
    subject: 'subject',
    patient: 'subject',
    context: 'context',
    prescription: 'authorizingPrescription',
  },
  ServiceRequest: { subject: 'subject', patient: 'subject', encounter: 'encounter' },
  Specimen: { subject: 'subject', patient: 'subject', request: 'request' },
  DiagnosticReport: { subject: 'subject', patient: 'subject', encounter: 'encounter', 'based-on': 'basedOn' },
  AllergyIntolerance: { patient: 'patient', encounter: 'encounter' },
};

/** The registries answer only by identifier (a NIK): no browsing of the nation's patients. */
const IDENTIFIER_ONLY = new Set(['Patient', 'Practitioner']);

function referencesAt(resource: FhirResource, element: string): string[] {
  const value = (resource as unknown as Record<string, unknown>)[element];
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((r) => (r as { reference?: string }).reference ?? '').filter(Boolean);
}

/** `Patient/P1` matches `Patient/P1` and `P1`. */
const refMatches = (reference: string, wanted: string) =>
  reference === wanted || reference.endsWith(`/${wanted}`);

export function searchResources(
  store: FhirStore,
  type: string,
  params: URLSearchParams,
  organizationId: string,
  baseUrl: string,
): FhirAnswer {
  const references = REFERENCE_PARAMS[type] ?? {};
  const unsupported = [...params.keys()].filter((k) => k !== 'identifier' && !(k in references));
  if (unsupported.length) {
    return {
      status: 400,
      body: operationOutcome('not-supported', `Unsupported search parameter: ${unsupported.join(', ')}`),
    };
  }
  const identifier = params.get('identifier');
  if (IDENTIFIER_ONLY.has(type) && !identifier) {
    return { status: 400, body: operationOutcome('required', 'Search parameter identifier is required') };
  }
  let matches: FhirResource[];
  if (identifier !== null) {
    const bar = identifier.indexOf('|');
    if (bar <= 0 || bar === identifier.length - 1) {
      return {
        status: 400,
        body: operationOutcome('value', 'identifier must be written as system|value', ['identifier']),
      };
    }
    matches = store.searchByIdentifier(type, identifier.slice(0, bar), identifier.slice(bar + 1));
  } else {
    matches = store.all(type);
  }
  for (const [param, element] of Object.entries(references)) {
    const wanted = params.get(param);
    if (wanted === null) continue;
    matches = matches.filter((r) => referencesAt(r, element).some((ref) => refMatches(ref, wanted)));
  }
  matches = matches.filter((r) => store.visibleTo(type, r.id!, organizationId));

  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'searchset',
    total: matches.length,
    link: [{ relation: 'self', url: `${baseUrl}${FHIR_PATH}/${type}?${params.toString()}` }],
    entry: matches.map((resource) => ({
      fullUrl: `${baseUrl}${FHIR_PATH}/${type}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
  return { status: 200, body: bundle };
}
