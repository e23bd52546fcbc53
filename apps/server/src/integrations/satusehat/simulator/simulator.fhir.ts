import type { Bundle, FhirResource, OperationOutcome } from 'fhir/r4';
import { FHIR_PATH } from '../satusehat.constants.ts';
import type { FhirStore } from './fhir-store.ts';
import { operationOutcome } from './operation-outcome.ts';
import type { IssuedToken } from './simulator.tokens.ts';

/** What a FHIR interaction answers; `undefined` body for an empty answer. */
export interface FhirAnswer {
  status: number;
  body?: FhirResource;
}

export interface FhirRequest {
  method: string;
  type: string;
  id?: string;
  params: URLSearchParams;
  body: string;
  token: IssuedToken;
}

/**
 * FHIR interactions by `METHOD level`; resource creation and validation (Encounter, Condition,
 * ...) is added here as `POST type` / `PUT instance` handlers.
 */
export type Interaction = (request: FhirRequest) => FhirAnswer;

const SEARCHABLE_TYPES = new Set(['Practitioner', 'Patient']);

/** The simulator's FHIR interactions over its store; `baseUrl` is known once the server listens. */
export function fhirInteractions(store: FhirStore, baseUrl: () => string): Record<string, Interaction> {
  function search({ type, params }: FhirRequest): FhirAnswer {
    if (!SEARCHABLE_TYPES.has(type)) return { status: 404, body: notSupported(type) };
    const unsupported = [...params.keys()].filter((k) => k !== 'identifier');
    if (unsupported.length) {
      return {
        status: 400,
        body: operationOutcome('not-supported', `Unsupported search parameter: ${unsupported.join(', ')}`),
      };
    }
    const identifier = params.get('identifier');
    if (!identifier) {
      return { status: 400, body: operationOutcome('required', 'Search parameter identifier is required') };
    }
    const bar = identifier.indexOf('|');
    if (bar <= 0 || bar === identifier.length - 1) {
      return {
        status: 400,
        body: operationOutcome('value', 'identifier must be written as system|value', ['identifier']),
      };
    }
    const matches = store.searchByIdentifier(type, identifier.slice(0, bar), identifier.slice(bar + 1));
    const bundle: Bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      total: matches.length,
      link: [{ relation: 'self', url: `${baseUrl()}${FHIR_PATH}/${type}?${params.toString()}` }],
      entry: matches.map((resource) => ({
        fullUrl: `${baseUrl()}${FHIR_PATH}/${type}/${resource.id}`,
        resource,
        search: { mode: 'match' },
      })),
    };
    return { status: 200, body: bundle };
  }

  function read({ type, id }: FhirRequest): FhirAnswer {
    if (!SEARCHABLE_TYPES.has(type)) return { status: 404, body: notSupported(type) };
    const resource = store.read(type, id!);
    if (!resource) return { status: 404, body: operationOutcome('not-found', `${type}/${id} not found`) };
    return { status: 200, body: resource };
  }

  function notSupported(type: string): OperationOutcome {
    return operationOutcome('not-supported', `Resource type ${type} is not supported by the simulator`);
  }

  return {
    'GET type': search,
    'GET instance': read,
  };
}
