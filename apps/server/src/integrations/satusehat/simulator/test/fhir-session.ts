import type { FhirResource } from 'fhir/r4';
import { expect } from 'vitest';
import { SIMULATOR_CLIENTS, type SimulatorClient } from '../simulator.data.ts';
import type { SatusehatSimulator } from '../simulator.server.ts';

// biome-ignore lint/suspicious/noExplicitAny: test reads of loosely shaped answers
export type Json = any;

export interface FhirReply {
  status: number;
  headers: Headers;
  text: string;
  body: Json;
}

/** A clinic's FHIR calls to the simulator with its own token, as tests need them. */
export async function fhirSession(sim: SatusehatSimulator, client: SimulatorClient = SIMULATOR_CLIENTS[0]) {
  const res = await fetch(`${sim.authUrl}/accesstoken?grant_type=client_credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret }).toString(),
  });
  const token = ((await res.json()) as Json).access_token as string;

  async function call(method: string, path: string, body?: unknown): Promise<FhirReply> {
    const answer = await fetch(`${sim.fhirUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    let parsed: Json;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: answer.status, headers: answer.headers, text, body: parsed };
  }

  /** Creates `resource` (it must be accepted) and answers its `Type/id`. */
  async function created(resource: FhirResource): Promise<string> {
    const answer = await call('POST', `/${resource.resourceType}`, resource);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return `${resource.resourceType}/${answer.body.id}`;
  }

  return { token, call, created };
}
