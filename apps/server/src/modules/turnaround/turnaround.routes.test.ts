import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labReports, labSpecimens } from '../../db/schema/index.ts';
import { newUid } from '../../shared/crypto.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { createTestApp, json, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { inventoryKit } from '../inventory/test/inventory-kit.ts';
import { drugLine, pharmacyKit } from '../pharmacy/test/pharmacy-kit.ts';

/**
 * The turnaround dashboard on real visits: five doctor visits, four prescriptions and two lab
 * visits of one clinic day (Asia/Jakarta) with known times, then n, median, P90, the share within
 * the standard and the exclusions as the database computes them; the clinic scope and the range.
 */

const DAY = '2025-02-03';
const NEXT = '2025-02-04';
const at = (hm: string, day = DAY) => `${day}T${hm}:00+07:00`;
const URL = '/dashboard/turnaround';

let ctx: TestContext;
let kit: ReturnType<typeof inventoryKit>;
let foreignClinic: number;

async function stamp(table: 'registrations' | 'encounters' | 'prescriptions', uid: string, set: object) {
  const parts = Object.entries(set).map(([column, value]) =>
    value === null ? sql`${sql.raw(column)} = NULL` : sql`${sql.raw(column)} = ${value}`,
  );
  await ctx.database.db.execute(
    sql`UPDATE ${sql.raw(table)} SET ${sql.join(parts, sql`, `)} WHERE uid = ${uid}`,
  );
}

/** A doctor visit prescribed and finished through the API, then given the times of the case. */
async function doctorVisit(
  rx: ReturnType<typeof pharmacyKit>,
  drug: string,
  t: { arrived: string; called: string; signed: string; submitted: string; dispensed: string | null },
  over: { racikan?: boolean; payer?: string } = {},
) {
  const v = await rx.prescribe([drugLine(drug, 'Paracetamol TAT', 9)]);
  await stamp('registrations', v.registration, {
    queue_date: DAY,
    arrived_at: t.arrived,
    called_at: t.called,
    payer_type: over.payer ?? 'self',
  });
  await stamp('encounters', v.encounter, { signed_at: t.signed });
  await stamp('prescriptions', v.uid, {
    created_at: t.submitted,
    dispensed_at: t.dispensed,
    status: t.dispensed ? 'dispensed' : 'submitted',
    racikan: over.racikan ?? false,
  });
}

async function registration(body: object) {
  return (
    await kit.must(
      'POST',
      '/registrations/registrations',
      { clinicId: 10, payerType: 'self', ...body },
      'pendaftaran',
    )
  )._id as string;
}

async function labVisit(patientId: string, arrived: string, specimens: object[], released: string | null) {
  const uid = await registration({
    patientId,
    orderType: 'service',
    serviceType: 'LAB',
    complaint: 'Darah Lengkap',
  });
  await stamp('registrations', uid, { queue_date: DAY, arrived_at: arrived });
  const [row] = (
    await ctx.database.db.execute(sql`SELECT id, corp_id AS "corpId" FROM registrations WHERE uid = ${uid}`)
  ).rows as { id: number; corpId: number }[];
  for (const s of specimens)
    await ctx.database.db.insert(labSpecimens).values({
      uid: newUid(),
      corpId: row.corpId,
      clinicId: 10,
      registrationId: row.id,
      container: 'EDTA',
      barcode: `TAT${newUid().slice(0, 12)}`,
      ...s,
    });
  if (released)
    await ctx.database.db.insert(labReports).values({
      uid: newUid(),
      corpId: row.corpId,
      clinicId: 10,
      registrationId: row.id,
      status: 'released',
      releasedAt: new Date(released),
    });
}

beforeAll(async () => {
  ctx = await createTestApp();
  kit = inventoryKit(ctx);
  const db = ctx.database.db;
  foreignClinic = 20;
  await addForeignCorporate(db);
  await kit.login(['farmasi'], ['dokter'], ['pendaftaran'], ['superadmin'], ['admin']);
  const dokterId = (await userByName(db, 'dokter')).doctorId!;
  await practisesToday(db, dokterId, 10);
  await ensureCodes(db);
  const rx = pharmacyKit(ctx, kit, dokterId);
  const drug = await kit.newItem('Paracetamol TAT');

  // wait 10, consultation 15, non-racikan 20 (within 30)
  await doctorVisit(rx, drug, {
    arrived: at('08:00'),
    called: at('08:10'),
    signed: at('08:25'),
    submitted: at('08:25'),
    dispensed: at('08:45'),
  });
  // wait 30, consultation 20, non-racikan 40 (over 30); BPJS
  await doctorVisit(
    rx,
    drug,
    {
      arrived: at('08:30'),
      called: at('09:00'),
      signed: at('09:20'),
      submitted: at('09:20'),
      dispensed: at('10:00'),
    },
    { payer: 'bpjs' },
  );
  // wait 50, consultation 40, racikan 50 (within 60)
  await doctorVisit(
    rx,
    drug,
    {
      arrived: at('09:00'),
      called: at('09:50'),
      signed: at('10:30'),
      submitted: at('10:30'),
      dispensed: at('11:20'),
    },
    { racikan: true },
  );
  // called before the arrival recorded (negative wait), consultation 25, racikan not handed over yet
  await doctorVisit(
    rx,
    drug,
    {
      arrived: at('10:00'),
      called: at('09:55'),
      signed: at('10:20'),
      submitted: at('10:20'),
      dispensed: null,
    },
    { racikan: true },
  );
  // arrived late, called after midnight (another day); no note yet
  const patient = (
    await kit.must(
      'POST',
      '/patients',
      { clinicId: 10, name: 'Pasien TAT Malam', sex: 'F', dob: '01/02/1990', nik: '3171064102900777' },
      'superadmin',
    )
  ).uid as string;
  const late = await registration({ patientId: patient, orderType: 'doctor', doctorId: dokterId });
  await stamp('registrations', late, {
    queue_date: DAY,
    arrived_at: at('23:30'),
    called_at: at('00:10', NEXT),
  });

  // lab: order 08:00, the last current container 08:30 (a rejected one before), released 09:30
  await labVisit(
    patient,
    at('08:00'),
    [
      { status: 'rejected', collectedAt: new Date(at('08:10')), rejectedAt: new Date(at('08:12')) },
      { status: 'collected', collectedAt: new Date(at('08:20')) },
      { status: 'received', collectedAt: new Date(at('08:30')) },
    ],
    at('09:30'),
  );
  // lab: order 09:00, collected 09:10, not released
  await labVisit(patient, at('09:00'), [{ status: 'collected', collectedAt: new Date(at('09:10')) }], null);
}, 180_000);
afterAll(() => ctx.close());

const get = (query: string, who = 'admin') => kit.call('GET', `${URL}?${query}`, who);

describe('GET /dashboard/turnaround', () => {
  it('answers n, median, P90, within the standard and the exclusions per metric', async () => {
    const res = await get(`clinicId=10&from=${DAY}&to=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({ clinicId: 10, from: DAY, to: DAY, timeZone: 'Asia/Jakarta' });
    const metric = (key: string) => data.metrics.find((m: { metric: string }) => m.metric === key);
    expect(metric('doctorWait')).toEqual({
      metric: 'doctorWait',
      n: 3,
      median: 30,
      p90: 46,
      withinTarget: null,
      withinTargetPercent: null,
      targetMinutes: null,
      excluded: { missing: 0, negative: 1, otherDay: 1 },
    });
    expect(metric('consultation')).toMatchObject({
      n: 4,
      median: 22.5,
      p90: 35.5,
      excluded: { missing: 1, negative: 0, otherDay: 0 },
    });
    expect(metric('pharmacyNonRacikan')).toMatchObject({
      n: 2,
      median: 30,
      p90: 38,
      targetMinutes: 30,
      withinTarget: 1,
      withinTargetPercent: 50,
      excluded: { missing: 0, negative: 0, otherDay: 0 },
    });
    expect(metric('pharmacyRacikan')).toMatchObject({
      n: 1,
      median: 50,
      p90: 50,
      targetMinutes: 60,
      withinTarget: 1,
      withinTargetPercent: 100,
      excluded: { missing: 1, negative: 0, otherDay: 0 },
    });
    expect(metric('labTotal')).toMatchObject({ n: 1, median: 90, excluded: { missing: 1 } });
    expect(metric('labPreAnalytic')).toMatchObject({ n: 2, median: 20, p90: 28, excluded: { missing: 0 } });
    expect(metric('labAnalytic')).toMatchObject({ n: 1, median: 60, excluded: { missing: 1 } });
  });

  it('slices by doctor, payer type and the hour of the start (clinic time)', async () => {
    const data = json(await get(`clinicId=10&from=${DAY}&to=${DAY}`)).data;
    const slice = (dimension: string, metric: string) =>
      data.slices
        .filter(
          (s: { dimension: string; metric: string }) => s.dimension === dimension && s.metric === metric,
        )
        .map(({ key, label, n, median }: { key: string; label: string; n: number; median: number }) => ({
          key,
          label,
          n,
          median,
        }));
    expect(slice('payer', 'doctorWait')).toEqual([
      { key: 'bpjs', label: null, n: 1, median: 30 },
      { key: 'self', label: null, n: 2, median: 30 },
    ]);
    expect(slice('hour', 'doctorWait')).toEqual([
      { key: '8', label: null, n: 2, median: 20 },
      { key: '9', label: null, n: 1, median: 50 },
    ]);
    const doctors = slice('doctor', 'consultation');
    expect(doctors).toHaveLength(1);
    expect(doctors[0]).toMatchObject({ n: 4, median: 22.5 });
    expect(doctors[0].label).toBeTruthy();
    expect(slice('payer', 'pharmacyNonRacikan')).toEqual([
      { key: 'bpjs', label: null, n: 1, median: 40 },
      { key: 'self', label: null, n: 1, median: 20 },
    ]);
  });

  it('counts only the days asked for: today holds none of these visits', async () => {
    const data = json(await get(`clinicId=10&from=${NEXT}&to=${NEXT}`)).data;
    for (const m of data.metrics) expect(m.n).toBe(0);
    expect(data.metrics[0]).toMatchObject({ median: null, p90: null });
  });

  it('refuses a clinic outside the caller’s scope, a caller without the dashboard and a long range', async () => {
    expect((await get(`clinicId=${foreignClinic}&from=${DAY}`)).statusCode).toBe(403);
    expect((await get('clinicId=99999')).statusCode).toBe(403);
    expect((await get(`clinicId=10&from=${DAY}`, 'farmasi')).statusCode).toBe(403);
    const long = await get('clinicId=10&from=2025-01-01&to=2025-02-01');
    expect(long.statusCode).toBe(400);
    expect(json(long).errors).toEqual([{ path: 'to', message: 'Rentang tanggal paling lama 31 hari' }]);
    const reversed = await get('clinicId=10&from=2025-02-03&to=2025-02-01');
    expect(reversed.statusCode).toBe(400);
    expect((await get('clinicId=10&from=03-02-2025')).statusCode).toBe(400);
    expect((await get('clinicId=10&from=2025-01-01&to=2025-01-31')).statusCode).toBe(200);
  });
});
