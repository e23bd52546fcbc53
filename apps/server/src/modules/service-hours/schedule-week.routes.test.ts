import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../test/booking-fixtures.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
let dokter2Id: number;

// the week of Monday 2 March 2026
const MON = '2026-03-02';
const TUE = '2026-03-03';

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  for (const u of ['admin', 'pendaftaran', 'dokter', 'lab']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  const db = ctx.database.db;
  dokterId = (await userByName(db, 'dokter')).doctorId!;
  dokter2Id = (await userByName(db, 'dokter2')).doctorId!;
  await book(db, { clinicId: 10, day: MON, doctorId: dokterId, n: 3 });
  await book(db, { clinicId: 10, day: MON, doctorId: dokterId, status: 'Cancelled' });
  await book(db, { clinicId: 10, day: MON, serviceType: 'LAB', n: 5 });
  await book(db, { clinicId: 10, day: TUE, serviceType: 'LAB', n: 2, status: 'Cancelled' });
  // the week after is not counted
  await book(db, { clinicId: 10, day: '2026-03-09', doctorId: dokterId, n: 4 });
  await book(db, { clinicId: 11, day: MON, doctorId: dokter2Id, n: 40 });
}, 120_000);
afterAll(() => ctx.close());

interface Cell {
  day: string;
  slots: string[];
  limit: number;
  booked: number;
}
interface Week {
  start: string;
  days: string[];
  specialists: { id: number; name: string }[];
  clinics: {
    clinicId: number;
    name: string;
    today: string;
    doctors: { doctorId: number; name: string; specialist: string | null; cells: Cell[] }[];
    desks: { serviceType: string; cells: Cell[] }[];
  }[];
}

const week = (query: string, who = 'admin') =>
  ctx.app.inject({
    method: 'GET',
    url: `${API}/schedule/week${query}`,
    headers: who ? { authorization: tokens[who] } : {},
  });
const weekOf = async (query: string, who = 'admin') => json(await week(query, who)).data as Week;

describe('the week overview', () => {
  it('shows every clinic of the corporate with its doctors and desks, day by day', async () => {
    const w = await weekOf(`?start=${MON}`);
    expect(w.start).toBe(MON);
    expect(w.days).toEqual([MON, TUE, '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    expect(w.clinics.map((c) => c.clinicId)).toEqual([10, 11, 12, 13]);
    const menteng = w.clinics[0];
    expect(menteng.name).toBe('Klinik Pratama Klinikita Menteng');
    expect(menteng.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(menteng.doctors.map((d) => d.name)).toEqual(['dr. Alexander Wijaya']);
    const [alex] = menteng.doctors;
    expect(alex.specialist).toBe('Dokter Umum');
    // Monday: his split shift, 3 booked (a cancelled visit is none) of 30
    expect(alex.cells[0]).toEqual({
      day: MON,
      slots: ['08:00 - 12:00', '16:00 - 20:00'],
      limit: 30,
      booked: 3,
    });
    expect(alex.cells[5]).toEqual({ day: '2026-03-07', slots: ['16:00 - 20:00'], limit: 15, booked: 0 });
    expect(alex.cells[6]).toEqual({ day: '2026-03-08', slots: [], limit: 0, booked: 0 });
    // desks that open that week, their capacity and bookings
    expect(menteng.desks.map((d) => d.serviceType)).toEqual(['LAB', 'RAD', 'TREATMENT', 'PHYSIO']);
    const lab = menteng.desks[0];
    expect(lab.cells[0]).toEqual({ day: MON, slots: ['07:00 - 14:00'], limit: 60, booked: 5 });
    expect(lab.cells[1].booked).toBe(0);
    expect(lab.cells[6]).toEqual({ day: '2026-03-08', slots: [], limit: 0, booked: 0 });
    // the same doctor at another clinic is another row there
    const cikarang = w.clinics[1];
    expect(cikarang.doctors.map((d) => d.name).sort()).toEqual([
      'dr. Alexander Wijaya',
      'dr. Sari Dewi, Sp.PD',
    ]);
    const sari = cikarang.doctors.find((d) => d.doctorId === dokter2Id)!;
    expect(sari.cells[0]).toEqual({ day: MON, slots: ['08:00 - 14:00'], limit: 40, booked: 40 });
    expect(sari.cells[1]).toEqual({ day: TUE, slots: [], limit: 0, booked: 0 });
    expect(cikarang.desks.map((d) => d.serviceType)).toContain('MCU');
  });

  it('filters by clinic and by specialty (doctors only)', async () => {
    const one = await weekOf(`?start=${MON}&clinicId=12`);
    expect(one.clinics.map((c) => c.clinicId)).toEqual([12]);
    expect(one.clinics[0].doctors.map((d) => d.doctorId)).toEqual([dokter2Id]);
    const all = await weekOf(`?start=${MON}`);
    expect(all.specialists.map((s) => s.name)).toEqual(['Dokter Umum', 'Penyakit Dalam']);
    const pd = all.specialists.find((s) => s.name === 'Penyakit Dalam')!.id;
    const filtered = await weekOf(`?start=${MON}&specialistId=${pd}`);
    expect(filtered.clinics.flatMap((c) => c.doctors.map((d) => d.doctorId))).toEqual([dokter2Id, dokter2Id]);
    expect(filtered.clinics.every((c) => c.desks.length === 0)).toBe(true);
  });

  it('starts this week’s Monday by default and the next week from its own bookings', async () => {
    const w = await weekOf('');
    expect(new Date(`${w.start}T00:00:00Z`).getUTCDay()).toBe(1);
    const next = await weekOf('?start=2026-03-09');
    expect(next.clinics[0].doctors[0].cells[0].booked).toBe(4);
  });

  it('shows a clinic user their clinics only and refuses others', async () => {
    const own = await weekOf(`?start=${MON}`, 'pendaftaran');
    expect(own.clinics.map((c) => c.clinicId)).toEqual([10]);
    expect((await week(`?start=${MON}&clinicId=11`, 'pendaftaran')).statusCode).toBe(403);
    expect((await week(`?start=${MON}&clinicId=20`, 'admin')).statusCode).toBe(403);
    const foreign = await weekOf(`?start=${MON}`, 'adminlain');
    expect(foreign.clinics.map((c) => c.clinicId)).toEqual([20]);
    expect(foreign.clinics[0].doctors).toEqual([]);
    expect((await week(`?start=${MON}`, 'dokter')).statusCode).toBe(403);
    expect((await week(`?start=${MON}`, 'lab')).statusCode).toBe(403);
    expect((await week(`?start=${MON}`, '')).statusCode).toBe(401);
    expect((await week('?start=2026-02-30', 'admin')).statusCode).toBe(400);
  });
});
