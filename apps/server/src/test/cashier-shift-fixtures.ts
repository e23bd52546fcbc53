import type { FastifyInstance } from 'fastify';
import { API, json } from './test-app.ts';

/**
 * A payment is taken within the cashier's open shift (issue 18 §4): the tests that pay open one
 * first for each payer and clinic. Idempotent: a shift already open is kept.
 */
export async function ensureShift(app: FastifyInstance, token: string, clinicId = 10, openingFloat = 0) {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/billing/shifts`,
    headers: { authorization: token },
    payload: { clinicId, openingFloat },
  });
  if (res.statusCode === 409) return;
  if (res.statusCode !== 200) throw new Error(`opening a shift failed: ${res.statusCode} ${res.body}`);
  return json(res).data as { uid: string };
}
