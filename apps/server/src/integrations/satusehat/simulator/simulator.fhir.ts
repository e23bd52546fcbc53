import { operationOutcome } from './operation-outcome.ts';
import { transactionDesk } from './simulator.bundle.ts';
import {
  type FhirAnswer,
  READABLE_TYPES,
  type ResourceDeps,
  resourceDesk,
  WRITABLE_TYPES,
} from './simulator.resources.ts';
import { searchResources } from './simulator.search.ts';
import type { IssuedToken } from './simulator.tokens.ts';

export type { FhirAnswer } from './simulator.resources.ts';

export interface FhirRequest {
  method: string;
  /** Empty at the FHIR root (a transaction) */
  type: string;
  id?: string;
  params: URLSearchParams;
  body: string;
  token: IssuedToken;
}

/** One FHIR interaction, keyed `METHOD level` (root, type or instance). */
export type Interaction = (request: FhirRequest) => FhirAnswer;

/** The simulator's FHIR interactions over its store; `baseUrl` is known once the server listens. */
export function fhirInteractions(deps: ResourceDeps): Record<string, Interaction> {
  const resources = resourceDesk(deps);
  const transaction = transactionDesk(deps);

  const readable =
    (interaction: Interaction): Interaction =>
    (request) =>
      READABLE_TYPES.has(request.type) ? interaction(request) : notSupported(request.type);
  const writable =
    (interaction: Interaction): Interaction =>
    (request) =>
      WRITABLE_TYPES.has(request.type) ? interaction(request) : notSupported(request.type);

  return {
    'POST root': ({ body, token }) => transaction(body, token.organizationId),
    'GET type': readable(({ type, params, token }) =>
      searchResources(deps.store, type, params, token.organizationId, deps.baseUrl()),
    ),
    'GET instance': readable(({ type, id, token }) => resources.read(type, id!, token.organizationId)),
    'POST type': writable(({ type, body, token }) => resources.create(type, body, token.organizationId)),
    'PUT instance': writable(({ type, id, body, token }) =>
      resources.update(type, id!, body, token.organizationId),
    ),
    'PATCH instance': writable(({ type, id, body, token }) =>
      resources.patch(type, id!, body, token.organizationId),
    ),
  };
}

function notSupported(type: string): FhirAnswer {
  return {
    status: 404,
    body: operationOutcome('not-supported', `Resource type ${type} is not supported by the simulator`),
  };
}
