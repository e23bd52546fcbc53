import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userByName } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { inventoryKit } from '../inventory/test/inventory-kit.ts';
import { drugLine, pharmacyKit } from './test/pharmacy-kit.ts';

/**
 * On hold, the doctor is asked (issue 17 §1): the doctor reads the pharmacist's question on the
 * held prescriptions of their patients and answers; the answer joins the prescription's history
 * at the pharmacy; a prescription no longer on hold takes no answer.
 */

let ctx: TestContext;
let kit: ReturnType<typeof inventoryKit>;
let rxKit: ReturnType<typeof pharmacyKit>;
let pharmacy: string;

const rx = (uid: string) => `/pharmacy/prescriptions/${uid}`;
const move = (uid: string, action: string, reason?: string) =>
  kit.call('POST', `${rx(uid)}/moves`, 'farmasi', { action, reason });

beforeAll(async () => {
  ctx = await createTestApp();
  kit = inventoryKit(ctx);
  const db = ctx.database.db;
  await kit.login(['farmasi'], ['dokter'], ['pendaftaran'], ['superadmin']);
  const dokterId = (await userByName(db, 'dokter')).doctorId!;
  await practisesToday(db, dokterId, 10);
  await ensureCodes(db);
  pharmacy = await kit.newLocation('Apotek Tanya Dokter', 'pharmacy');
  rxKit = pharmacyKit(ctx, kit, dokterId);
}, 120_000);
afterAll(() => ctx.close());

describe('a held prescription asks its doctor', () => {
  it('shows the question to the doctor, takes the answer into the history, and refuses one once resumed', async () => {
    const drug = await kit.newItem('Amoksisilin Tanya');
    expect((await kit.receive(pharmacy, drug, { quantity: 50 })).statusCode).toBe(200);
    const { uid } = await rxKit.prescribe([drugLine(drug, 'Amoksisilin 500 mg', 15)]);
    expect((await move(uid, 'review')).statusCode).toBe(200);
    expect((await move(uid, 'hold', 'Pasien alergi penisilin? Mohon konfirmasi')).statusCode).toBe(200);

    const held = (await kit.must('GET', '/pharmacy/held', undefined, 'dokter')) as {
      uid: string;
      reason: string;
      answer: string | null;
      heldBy: string | null;
    }[];
    const mine = held.find((h) => h.uid === uid);
    expect(mine).toMatchObject({ reason: 'Pasien alergi penisilin? Mohon konfirmasi', answer: null });
    expect(mine?.heldBy).toBeTruthy();
    // the pharmacist does not read the doctor's list (no examination rights)
    expect((await kit.call('GET', '/pharmacy/held', 'farmasi')).statusCode).toBe(403);

    // an empty answer is refused with the field named, and nothing is written
    const before = (await kit.must('GET', rx(uid))).events.length;
    const empty = await kit.call('POST', `${rx(uid)}/answer`, 'dokter', { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('text');
    expect((await kit.must('GET', rx(uid))).events.length).toBe(before);

    const answered = await kit.call('POST', `${rx(uid)}/answer`, 'dokter', {
      text: 'Tidak alergi, lanjutkan',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ uid, answer: 'Tidak alergi, lanjutkan' });
    const events = (await kit.must('GET', rx(uid))).events as { action: string; reason: string | null }[];
    expect(events.at(-1)).toMatchObject({ action: 'answer', reason: 'Tidak alergi, lanjutkan' });
    const again = (await kit.must('GET', '/pharmacy/held', undefined, 'dokter')) as {
      uid: string;
      answer: string;
    }[];
    expect(again.find((h) => h.uid === uid)?.answer).toBe('Tidak alergi, lanjutkan');

    // the pharmacist resumes: the prescription leaves the doctor's list and takes no more answers
    expect((await move(uid, 'resume')).statusCode).toBe(200);
    const after = (await kit.must('GET', '/pharmacy/held', undefined, 'dokter')) as { uid: string }[];
    expect(after.some((h) => h.uid === uid)).toBe(false);
    const late = await kit.call('POST', `${rx(uid)}/answer`, 'dokter', { text: 'Tambahan' });
    expect(late.statusCode).toBe(409);
  });

  it('does not reach a prescription of an unknown uid', async () => {
    const res = await kit.call('POST', `${rx('tidak-ada')}/answer`, 'dokter', { text: 'Ya' });
    expect(res.statusCode).toBe(404);
  });
});
