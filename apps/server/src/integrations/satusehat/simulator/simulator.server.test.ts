import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIMULATOR_CLIENTS } from './simulator.data.ts';
import { type SatusehatSimulator, startSimulator } from './simulator.server.ts';

const [seeded] = SIMULATOR_CLIENTS;
const NIK_QUERY = `identifier=${encodeURIComponent('https://fhir.kemkes.go.id/id/nik|7209061211900001')}`;
let sim: SatusehatSimulator;
let now = Date.parse('2025-03-01T03:00:00Z');

beforeAll(async () => {
  sim = await startSimulator({ now: () => now });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

function requestToken(form: Record<string, string>, query = '?grant_type=client_credentials') {
  return fetch(`${sim.authUrl}/accesstoken${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

async function token(): Promise<string> {
  const res = await requestToken({ client_id: seeded.clientId, client_secret: seeded.clientSecret });
  return (await read(res)).access_token;
}

// biome-ignore lint/suspicious/noExplicitAny: test reads of loosely shaped answers
const read = async (res: Response): Promise<any> => res.json();

const get = (path: string, accessToken?: string) =>
  fetch(`${sim.fhirUrl}${path}`, { headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });

describe('SATUSEHAT simulator', () => {
  it('issues a token for the seeded client, every value a string', async () => {
    const res = await requestToken({ client_id: seeded.clientId, client_secret: seeded.clientSecret });
    expect(res.status).toBe(200);
    const body = await read(res);
    expect(body).toMatchObject({ token_type: 'BearerToken', expires_in: '3599', status: 'approved' });
    expect(typeof body.access_token).toBe('string');
    expect(body.issued_at).toBe(String(now));
  });

  it('refuses bad credentials with an OperationOutcome', async () => {
    const res = await requestToken({ client_id: seeded.clientId, client_secret: 'nope' });
    expect(res.status).toBe(401);
    expect(await read(res)).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'security' }],
    });
  });

  it('wants grant_type in the query and the credentials as a form body', async () => {
    const inBody = await requestToken(
      { grant_type: 'client_credentials', client_id: seeded.clientId, client_secret: seeded.clientSecret },
      '',
    );
    expect(inBody.status).toBe(400);
    const asJson = await fetch(`${sim.authUrl}/accesstoken?grant_type=client_credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: seeded.clientId, client_secret: seeded.clientSecret }),
    });
    expect(asJson.status).toBe(400);
    expect((await read(asJson)).resourceType).toBe('OperationOutcome');
  });

  it('answers 401 on every FHIR path without a valid bearer token', async () => {
    for (const path of [`/Practitioner?${NIK_QUERY}`, '/Patient/P02478375538', '/Encounter']) {
      const res = await get(path);
      expect(res.status, path).toBe(401);
      expect((await read(res)).resourceType).toBe('OperationOutcome');
    }
    expect((await get(`/Practitioner?${NIK_QUERY}`, 'made-up')).status).toBe(401);
  });

  it('stops accepting a token once it has expired', async () => {
    sim.setTokenLifetime(60);
    const accessToken = await token();
    expect((await get(`/Practitioner?${NIK_QUERY}`, accessToken)).status).toBe(200);
    now += 60_000;
    expect((await get(`/Practitioner?${NIK_QUERY}`, accessToken)).status).toBe(401);
  });

  it('searches by NIK into a searchset Bundle, total 0 when unknown, and reads by id', async () => {
    const accessToken = await token();
    const found = await read(await get(`/Practitioner?${NIK_QUERY}`, accessToken));
    expect(found).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 1 });
    expect(found.entry[0].resource.id).toBe('10009880728');
    const unknownNik = encodeURIComponent('https://fhir.kemkes.go.id/id/nik|1234');
    const unknown = await read(await get(`/Patient?identifier=${unknownNik}`, accessToken));
    expect(unknown).toMatchObject({ resourceType: 'Bundle', total: 0, entry: [] });
    const patient = await get('/Patient/P03647103112', accessToken);
    expect(await read(patient)).toMatchObject({ resourceType: 'Patient', gender: 'female' });
    expect((await get('/Patient/P999', accessToken)).status).toBe(404);
  });

  it('is driven over HTTP too: faults, log and reset under /__sim', async () => {
    const accessToken = await token();
    const inject = await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'rate-limit', count: 2, target: 'fhir', retryAfter: '3' }),
    });
    expect(inject.status).toBe(204);
    for (let i = 0; i < 2; i++) {
      const limited = await get(`/Practitioner?${NIK_QUERY}`, accessToken);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('3');
    }
    expect((await get(`/Practitioner?${NIK_QUERY}`, accessToken)).status).toBe(200);
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'gateway-timeout' }),
    });
    const timeout = await get(`/Practitioner?${NIK_QUERY}`, accessToken);
    expect(timeout.status).toBe(504);
    expect(timeout.headers.get('content-type')).toBe('text/plain');
    expect(await timeout.text()).toBe('upstream request timeout');

    const { entries } = await read(await fetch(`${sim.url}/__sim/log`));
    expect(entries.map((e: { status: number }) => e.status)).toEqual([200, 429, 429, 200, 504]);
    expect(JSON.stringify(entries)).not.toContain(seeded.clientSecret);

    expect((await fetch(`${sim.url}/__sim/reset`, { method: 'POST' })).status).toBe(204);
    expect(sim.log()).toHaveLength(0);
    expect((await get(`/Practitioner?${NIK_QUERY}`, accessToken)).status).toBe(401);
  });
});
