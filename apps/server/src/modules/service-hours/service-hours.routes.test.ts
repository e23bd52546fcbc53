import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doctorScheduleDays, serviceScheduleSlots } from '../../db/schema/index.ts';
import { book } from '../../test/booking-fixtures.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  for (const u of ['admin', 'superadmin', 'pendaftaran', 'lab', 'dokter'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
}, 120_000);
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  who: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: { ...(who ? { authorization: tokens[who] } : {}), ...headers },
    payload,
  });
const hours = async (clinicId: number, who = 'admin') =>
  json(await call('GET', `/service-hours?clinicId=${clinicId}`, who)).data as {
    desks: { serviceType: string; days: { weekday: number; capacity: number; slots: string[] }[] }[];
  };
const dayOf = async (clinicId: number, desk: string, weekday: number) =>
  (await hours(clinicId)).desks.find((d) => d.serviceType === desk)!.days[weekday - 1];
const audits = (action: string) => ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('reading a clinic’s service hours', () => {
  it('gives every desk × weekday with the demo hours', async () => {
    const week = await hours(10);
    expect(week.desks.map((d) => d.serviceType)).toEqual(['LAB', 'RAD', 'MCU', 'TREATMENT', 'PHYSIO']);
    const lab = week.desks[0].days;
    expect(lab.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(lab[1]).toEqual({ weekday: 2, capacity: 60, slots: ['07:00 - 14:00'] });
    expect(lab[0]).toEqual({ weekday: 1, capacity: 0, slots: [] });
    expect(week.desks[4].days[2].slots).toEqual(['08:00 - 12:00', '15:00 - 19:00']);
    // Menteng runs no MCU; the MCU centres do, on weekday mornings
    expect(week.desks[2].days.every((d) => d.slots.length === 0)).toBe(true);
    expect((await dayOf(11, 'MCU', 2)).slots).toEqual(['07:00 - 12:00']);
    expect((await dayOf(11, 'RAD', 7)).slots).toEqual([]);
  });

  it('lets service.read holders read their clinics only', async () => {
    expect((await call('GET', '/service-hours?clinicId=10', 'pendaftaran')).statusCode).toBe(200);
    expect((await call('GET', '/service-hours?clinicId=11', 'pendaftaran')).statusCode).toBe(403);
    expect((await call('GET', '/service-hours?clinicId=11', 'lab')).statusCode).toBe(403);
    expect((await call('GET', '/service-hours?clinicId=10', 'adminlain')).statusCode).toBe(403);
    expect((await call('GET', '/service-hours?clinicId=20', 'admin')).statusCode).toBe(403);
    expect((await call('GET', '/service-hours?clinicId=10', '')).statusCode).toBe(401);
  });
});

describe('saving a day', () => {
  const save = (desk: string, weekday: number, body: object, who = 'admin') =>
    call('PUT', `/service-hours/${desk}/${weekday}`, who, body);

  it('saves capacity and periods (sorted), answers the desk’s week and audits the change', async () => {
    const res = await save('LAB', 1, {
      clinicId: 10,
      capacity: 20,
      slots: ['10:00 - 12:00', '07:00 - 09:00'],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Jam layanan berhasil disimpan');
    expect(json(res).data.serviceType).toBe('LAB');
    expect(json(res).data.days[0]).toEqual({
      weekday: 1,
      capacity: 20,
      slots: ['07:00 - 09:00', '10:00 - 12:00'],
    });
    expect(await dayOf(10, 'LAB', 1)).toEqual({
      weekday: 1,
      capacity: 20,
      slots: ['07:00 - 09:00', '10:00 - 12:00'],
    });
    // the other clinics keep theirs
    expect((await dayOf(11, 'LAB', 1)).slots).toEqual([]);
    const [row] = await audits('serviceHours.save');
    expect(row).toMatchObject({ clinicId: 10, entity: 'service_hours', entityId: 'LAB:1' });
    expect(row.detail).toEqual({
      from: { capacity: 0, slots: [] },
      to: { capacity: 20, slots: ['07:00 - 09:00', '10:00 - 12:00'] },
    });
  });

  it('closes a day with no periods', async () => {
    const res = await save('TREATMENT', 7, { clinicId: 13, capacity: 0, slots: [] });
    expect(res.statusCode).toBe(200);
    expect(await dayOf(13, 'TREATMENT', 7)).toEqual({ weekday: 7, capacity: 0, slots: [] });
  });

  it('refuses overlapping periods naming both, writing nothing', async () => {
    const before = await dayOf(10, 'PHYSIO', 2);
    const res = await save('PHYSIO', 2, {
      clinicId: 10,
      capacity: 16,
      slots: ['08:00 - 12:00', '11:00 - 13:00'],
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Jadwal 11:00 - 13:00 bentrok dengan jadwal 08:00 - 12:00');
    expect(json(res).errors).toEqual([
      { path: 'slots.1', message: 'Bentrok dengan jam lain di hari yang sama' },
    ]);
    const same = await save('PHYSIO', 2, {
      clinicId: 10,
      capacity: 16,
      slots: ['08:00 - 12:00', '08:00 - 12:00'],
    });
    expect(same.statusCode).toBe(409);
    // touching ends do not overlap
    expect(
      (await save('PHYSIO', 3, { clinicId: 10, capacity: 16, slots: ['08:00 - 12:00', '12:00 - 13:00'] }))
        .statusCode,
    ).toBe(200);
    expect(await dayOf(10, 'PHYSIO', 2)).toEqual(before);
  });

  it('validates with the doctor schedule’s messages', async () => {
    const cases: [object, { path: string; message: string }[]][] = [
      [
        { capacity: 10, slots: ['12:00 - 08:00'] },
        [{ path: 'slots.0', message: 'Jam selesai harus setelah jam mulai' }],
      ],
      [{ capacity: 10, slots: ['7:00-8:00'] }, [{ path: 'slots.0', message: 'Format jam HH:mm - HH:mm' }]],
      [{ capacity: 10, slots: ['10:00 - '] }, [{ path: 'slots.0', message: 'All field must be filled' }]],
      [{ capacity: -1, slots: [] }, [{ path: 'capacity', message: 'Harus bilangan bulat mulai 0' }]],
      [{ capacity: 1.5, slots: [] }, [{ path: 'capacity', message: 'Harus bilangan bulat mulai 0' }]],
      [{ slots: [] }, [{ path: 'capacity', message: 'Wajib diisi' }]],
    ];
    for (const [body, errors] of cases) {
      const res = await save('RAD', 2, { clinicId: 10, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).errors).toEqual(errors);
    }
    expect((await save('XRAY', 2, { clinicId: 10, capacity: 1, slots: [] })).statusCode).toBe(400);
    expect((await save('RAD', 8, { clinicId: 10, capacity: 1, slots: [] })).statusCode).toBe(400);
    expect(await dayOf(10, 'RAD', 2)).toEqual({ weekday: 2, capacity: 30, slots: ['08:00 - 16:00'] });
  });

  it('needs serviceHours.manage and the clinic in scope', async () => {
    const body = { clinicId: 10, capacity: 1, slots: ['09:00 - 10:00'] };
    const refused: [string, object, number][] = [
      ['pendaftaran', body, 403],
      ['lab', { ...body, clinicId: 11 }, 403],
      ['adminlain', body, 403],
      ['admin', { ...body, clinicId: 20 }, 403],
      ['', body, 401],
    ];
    for (const [who, payload, status] of refused)
      expect((await save('MCU', 4, payload, who)).statusCode, who).toBe(status);
    expect((await dayOf(10, 'MCU', 4)).slots).toEqual([]);
    expect((await save('MCU', 4, { ...body, clinicId: 12 }, 'superadmin')).statusCode).toBe(200);
  });
});

describe('copying a day', () => {
  const copy = (desk: string, weekday: number, body: object, who = 'admin') =>
    call('POST', `/service-hours/${desk}/${weekday}/copy`, who, body);

  it('copies the saved capacity and periods onto the chosen weekdays, and audits it', async () => {
    const res = await copy('PHYSIO', 4, { clinicId: 13, toWeekdays: [1, 4, 1] });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Jam layanan berhasil disalin');
    expect(json(res).data.days[0]).toEqual({
      weekday: 1,
      capacity: 16,
      slots: ['08:00 - 12:00', '15:00 - 19:00'],
    });
    const rows = await ctx.database.db
      .select()
      .from(serviceScheduleSlots)
      .where(
        and(
          eq(serviceScheduleSlots.clinicId, 13),
          eq(serviceScheduleSlots.serviceType, 'PHYSIO'),
          eq(serviceScheduleSlots.weekday, 1),
        ),
      );
    expect(rows).toHaveLength(2);
    const [row] = await audits('serviceHours.copy');
    expect(row).toMatchObject({ clinicId: 13, entityId: 'PHYSIO:4' });
    expect(row.detail).toEqual({ toWeekdays: [1], capacity: 16, slots: ['08:00 - 12:00', '15:00 - 19:00'] });
  });

  it('copies a closed day as closed, and refuses no other day or another’s clinic', async () => {
    expect((await copy('RAD', 1, { clinicId: 10, toWeekdays: [7] })).statusCode).toBe(200);
    expect(await dayOf(10, 'RAD', 7)).toEqual({ weekday: 7, capacity: 0, slots: [] });
    const none = await copy('RAD', 1, { clinicId: 10, toWeekdays: [1] });
    expect(none.statusCode).toBe(400);
    expect(json(none).errors).toEqual([
      { path: 'toWeekdays', message: 'Pilih paling sedikit satu hari lain' },
    ]);
    expect((await copy('RAD', 1, { clinicId: 10, toWeekdays: [] })).statusCode).toBe(400);
    expect((await copy('RAD', 2, { clinicId: 10, toWeekdays: [3] }, 'pendaftaran')).statusCode).toBe(403);
    expect((await copy('RAD', 2, { clinicId: 20, toWeekdays: [3] })).statusCode).toBe(403);
  });
});

describe('front-office warnings', () => {
  // Monday 2 March 2026, clinic-local time in Jakarta
  const check = (query: string, who = 'pendaftaran', headers: Record<string, string> = {}) =>
    call('GET', `/service-hours/check?${query}`, who, undefined, headers);
  const at = (time: string, day = '2026-03-02') => encodeURIComponent(`${day}T${time}:00+07:00`);

  it('warns at 23:30 of a doctor practising 08–12 and 16–20', async () => {
    const res = await check(`clinicId=10&doctorId=${dokterId}&at=${at('23:30')}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      day: '2026-03-02',
      time: '23:30',
      warnings: [
        {
          code: 'doctorOutsideHours',
          message: 'dr. Alexander Wijaya praktik 08:00–12:00, 16:00–20:00 hari ini; sekarang 23:30',
          params: { name: 'dr. Alexander Wijaya', hours: '08:00–12:00, 16:00–20:00', time: '23:30' },
        },
      ],
    });
    const en = await check(`clinicId=10&doctorId=${dokterId}&at=${at('23:30')}`, 'pendaftaran', {
      'accept-language': 'en',
    });
    expect(json(en).data.warnings[0].message).toBe(
      'dr. Alexander Wijaya practises 08:00–12:00, 16:00–20:00 today; it is now 23:30',
    );
    expect(json(await check(`clinicId=10&doctorId=${dokterId}&at=${at('09:15')}`)).data.warnings).toEqual([]);
    expect(
      json(await check(`clinicId=10&doctorId=${dokterId}&at=${at('12:00')}`)).data.warnings[0].code,
    ).toBe('doctorOutsideHours');
  });

  it('warns of a doctor who does not practise that day', async () => {
    const sunday = json(await check(`clinicId=10&doctorId=${dokterId}&at=${at('10:00', '2026-03-01')}`)).data;
    expect(sunday.warnings.map((w: { message: string }) => w.message)).toEqual([
      'dr. Alexander Wijaya tidak praktik di klinik ini hari ini',
    ]);
  });

  it('warns once the day’s limit is reached, counting no cancelled visit', async () => {
    const db = ctx.database.db;
    await db
      .update(doctorScheduleDays)
      .set({ patientLimit: 2 })
      .where(
        and(
          eq(doctorScheduleDays.doctorId, dokterId),
          eq(doctorScheduleDays.clinicId, 10),
          eq(doctorScheduleDays.weekday, 3),
        ),
      );
    const tuesday = `clinicId=10&doctorId=${dokterId}&at=${at('10:00', '2026-03-03')}`;
    await book(db, { clinicId: 10, day: '2026-03-03', doctorId: dokterId, n: 1 });
    await book(db, { clinicId: 10, day: '2026-03-03', doctorId: dokterId, status: 'Cancelled' });
    expect(json(await check(tuesday)).data.warnings).toEqual([]);
    await book(db, { clinicId: 10, day: '2026-03-03', doctorId: dokterId, status: 'Paid' });
    expect(json(await check(tuesday)).data.warnings).toEqual([
      {
        code: 'quotaReached',
        message: 'Kuota hari ini 2, sudah 2 terdaftar',
        params: { limit: 2, booked: 2 },
      },
    ]);
  });

  it('warns of a desk outside its hours, closed, or at capacity, in the clinic’s time zone', async () => {
    const lab = json(await check(`clinicId=10&serviceType=LAB&at=${at('15:10')}`)).data;
    expect(lab.warnings.map((w: { message: string }) => w.message)).toEqual([
      'Laboratorium buka 07:00–14:00 hari ini; sekarang 15:10',
    ]);
    // 06:30 in Jakarta is 07:30 in Makassar: its lab is open
    expect(json(await check(`clinicId=10&serviceType=LAB&at=${at('06:30')}`)).data.warnings).toHaveLength(1);
    const makassar = await check(`clinicId=13&serviceType=LAB&at=${at('06:30')}`, 'admin');
    expect(json(makassar).data).toMatchObject({ time: '07:30', warnings: [] });
    const mcu = json(await check(`clinicId=10&serviceType=MCU&at=${at('09:00')}`)).data;
    expect(mcu.warnings.map((w: { message: string }) => w.message)).toEqual(['MCU tutup hari ini']);
    await book(ctx.database.db, { clinicId: 11, day: '2026-03-04', serviceType: 'MCU', n: 50 });
    const full = json(
      await check(`clinicId=11&serviceType=MCU&at=${at('08:00', '2026-03-04')}`, 'admin'),
    ).data;
    expect(full.warnings.map((w: { message: string }) => w.message)).toEqual([
      'Kuota hari ini 50, sudah 50 terdaftar',
    ]);
  });

  it('answers now by default, and only to the front office and service readers in scope', async () => {
    const now = await check(`clinicId=10&doctorId=${dokterId}`);
    expect(now.statusCode).toBe(200);
    expect(json(now).data.time).toMatch(/^\d{2}:\d{2}$/);
    expect((await check(`clinicId=10&doctorId=${dokterId}`, 'dokter')).statusCode).toBe(403);
    expect((await check(`clinicId=11&serviceType=LAB`)).statusCode).toBe(403);
    expect((await check(`clinicId=10&doctorId=${dokterId}`, 'adminlain')).statusCode).toBe(403);
    expect((await check(`clinicId=10&doctorId=99999`)).statusCode).toBe(404);
    expect((await check(`clinicId=10&doctorId=${dokterId}&serviceType=LAB`)).statusCode).toBe(400);
    expect((await check('clinicId=10')).statusCode).toBe(400);
    expect((await check(`clinicId=10&serviceType=LAB&at=tonight`)).statusCode).toBe(400);
    expect((await check(`clinicId=10&serviceType=LAB`, '')).statusCode).toBe(401);
  });
});
