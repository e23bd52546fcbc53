import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doctorScheduleDays, doctorScheduleSlots } from '../../db/schema/index.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
let dokter2Id: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  for (const u of ['dokter', 'dokter2', 'admin', 'pendaftaran', 'perawat'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  dokter2Id = (await userByName(ctx.database.db, 'dokter2')).doctorId!;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: who ? { authorization: tokens[who] } : {},
    payload,
  });
const schedule = async (doctorId: number, who = 'admin', clinicId?: number) =>
  json(
    await call(
      'GET',
      `/reservation/doctor-schedule/${doctorId}${clinicId ? `?clinicId=${clinicId}` : ''}`,
      who,
    ),
  ).data;
const slotCount = async () => (await ctx.database.db.select({ n: count() }).from(doctorScheduleSlots))[0].n;

describe('reading a doctor’s week', () => {
  it('gives all seven weekdays with sorted slots and limits at the caller’s clinic', async () => {
    const week = await schedule(dokterId, 'dokter');
    expect(Object.keys(week)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(week['1']).toEqual({ booking: [], limit: 0 });
    expect(week['2']).toEqual({ booking: ['08:00 - 12:00', '16:00 - 20:00'], limit: 30 });
    expect(week['7']).toEqual({ booking: ['16:00 - 20:00'], limit: 15 });
    expect((await schedule(dokterId, 'dokter', 11))['7']).toEqual({ booking: ['08:00 - 11:00'], limit: 20 });
    // Admin's own clinic is none: the doctor's first clinic
    expect((await schedule(dokter2Id, 'admin'))['2'].booking).toEqual(['08:00 - 14:00']);
  });

  it('refuses clinics out of scope, other corporates and callers without a session', async () => {
    expect(
      (await call('GET', `/reservation/doctor-schedule/${dokterId}?clinicId=12`, 'dokter')).statusCode,
    ).toBe(403);
    expect((await call('GET', `/reservation/doctor-schedule/${dokterId}`, 'adminlain')).statusCode).toBe(403);
    expect((await call('GET', `/reservation/doctor-schedule/${dokterId}`)).statusCode).toBe(401);
    expect((await call('GET', '/reservation/doctor-schedule/99999', 'admin')).statusCode).toBe(404);
  });
});

describe('changing slots', () => {
  const add = (who: string, body: object) => call('POST', '/assesments/doctors/add-schedule', who, body);

  it('adds a slot and answers the day', async () => {
    const res = await add('dokter', {
      clinicIdWeb: 10,
      dokterIdWeb: dokterId,
      newBookingTime: '09:00 - 11:00',
      bookingDay: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      status: true,
      message: 'Jadwal berhasil ditambahkan',
      data: ['09:00 - 11:00'],
    });
    const audit = await ctx.database.db.select().from(auditLog);
    expect(audit.some((a) => a.action === 'schedule.slot.add')).toBe(true);
  });

  it('refuses overlaps that day, at this clinic and at the doctor’s other clinic', async () => {
    const before = await slotCount();
    const here = await add('dokter', {
      clinicIdWeb: 10,
      dokterIdWeb: dokterId,
      newBookingTime: '11:00 - 13:00',
      bookingDay: 2,
    });
    expect(here.statusCode).toBe(409);
    expect(json(here).message).toBe(
      'Jadwal 11:00 - 13:00 bentrok dengan jadwal 08:00 - 12:00 di Klinik Pratama Klinikita Menteng',
    );
    const elsewhere = await add('dokter', {
      clinicIdWeb: 10,
      dokterIdWeb: dokterId,
      newBookingTime: '09:00 - 10:00',
      bookingDay: 7,
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(json(elsewhere).message).toContain('Klinikita MCU Center Cikarang');
    // touching ends do not overlap
    expect(
      (
        await add('dokter', {
          clinicIdWeb: 10,
          dokterIdWeb: dokterId,
          newBookingTime: '12:00 - 13:00',
          bookingDay: 3,
        })
      ).statusCode,
    ).toBe(200);
    expect(await slotCount()).toBe(before + 1);
  });

  it('validates the slot with the shared messages', async () => {
    const cases: [unknown, string][] = [
      ['12:00 - 08:00', 'Jam selesai harus setelah jam mulai'],
      ['10:00 - 10:00', 'Jam selesai harus setelah jam mulai'],
      ['', 'All field must be filled'],
      ['10:00 - ', 'All field must be filled'],
      [undefined, 'All field must be filled'],
      ['7:00-8:00', 'Format jam HH:mm - HH:mm'],
    ];
    for (const [slot, message] of cases) {
      const res = await add('dokter', {
        clinicIdWeb: 10,
        dokterIdWeb: dokterId,
        newBookingTime: slot,
        bookingDay: 4,
      });
      expect(res.statusCode, String(slot)).toBe(400);
      expect(json(res).errors).toEqual([{ path: 'newBookingTime', message }]);
    }
    const day = await add('dokter', {
      clinicIdWeb: 10,
      dokterIdWeb: dokterId,
      newBookingTime: '21:00 - 22:00',
      bookingDay: 8,
    });
    expect(day.statusCode).toBe(400);
  });

  it('updates the slot the client saw, and refuses a stale index or time', async () => {
    const update = (body: object) => call('PUT', '/assesments/doctors/update-time-schedule', 'dokter', body);
    const base = { clinicIDWeb: 10, dokterIdWeb: dokterId, bookingDay: 5 };
    const ok = await update({
      ...base,
      indexToChange: 1,
      bookingTime: '16:00 - 20:00',
      newBookingTime: '17:00 - 21:00',
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({
      message: 'Success update schedule',
      data: ['08:00 - 12:00', '17:00 - 21:00'],
    });
    const stale = await update({
      ...base,
      indexToChange: 1,
      bookingTime: '16:00 - 20:00',
      newBookingTime: '18:00 - 21:00',
    });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(
      'Jadwal sudah diubah oleh pengguna lain. Muat ulang jadwal lalu coba lagi.',
    );
    expect(
      (
        await update({
          ...base,
          indexToChange: 5,
          bookingTime: '17:00 - 21:00',
          newBookingTime: '18:00 - 21:00',
        })
      ).statusCode,
    ).toBe(409);
    const overlap = await update({
      ...base,
      indexToChange: 1,
      bookingTime: '17:00 - 21:00',
      newBookingTime: '11:00 - 21:00',
    });
    expect(overlap.statusCode).toBe(409);
    // moving a slot within its own time is no overlap with itself
    expect(
      (
        await update({
          ...base,
          indexToChange: 1,
          bookingTime: '17:00 - 21:00',
          newBookingTime: '17:30 - 21:00',
        })
      ).statusCode,
    ).toBe(200);
    const backwards = await update({
      ...base,
      indexToChange: 0,
      bookingTime: '08:00 - 12:00',
      newBookingTime: '12:00 - 08:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect((await schedule(dokterId, 'dokter'))['5'].booking).toEqual(['08:00 - 12:00', '17:30 - 21:00']);
  });

  it('deletes the slot the client saw (JSON body on DELETE)', async () => {
    const del = (body: object) => call('DELETE', '/assesments/doctors/delete-schedule', 'dokter', body);
    const base = { clinicIDWeb: 10, dokterIdWeb: dokterId, bookingDay: 6 };
    const stale = await del({ ...base, indexToChange: 0, bookingTime: '16:00 - 20:00' });
    expect(stale.statusCode).toBe(409);
    const res = await del({ ...base, indexToChange: 1, bookingTime: '16:00 - 20:00' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ message: 'Jadwal berhasil dihapus', data: ['08:00 - 12:00'] });
  });

  it('refuses another doctor’s schedule, foreign clinics and roles without the menu, writing nothing', async () => {
    const before = await slotCount();
    const other = await add('dokter', {
      clinicIdWeb: 11,
      dokterIdWeb: dokter2Id,
      newBookingTime: '20:00 - 21:00',
      bookingDay: 1,
    });
    expect(other.statusCode).toBe(403);
    expect(json(other).message).toBe('Anda hanya dapat mengubah jadwal Anda sendiri');
    const limit = await call('PUT', `/assesments/doctors/${dokter2Id}`, 'dokter', {
      dayToChange: 2,
      limit: 1,
    });
    expect(limit.statusCode).toBe(403);
    const upd = await call('PUT', '/assesments/doctors/update-time-schedule', 'dokter', {
      clinicIDWeb: 11,
      dokterIdWeb: dokter2Id,
      bookingDay: 2,
      indexToChange: 0,
      bookingTime: '08:00 - 14:00',
      newBookingTime: '08:00 - 09:00',
    });
    expect(upd.statusCode).toBe(403);
    const del = await call('DELETE', '/assesments/doctors/delete-schedule', 'dokter', {
      clinicIDWeb: 11,
      dokterIdWeb: dokter2Id,
      bookingDay: 2,
      indexToChange: 0,
      bookingTime: '08:00 - 14:00',
    });
    expect(del.statusCode).toBe(403);
    // who, clinic, doctor: every one refused
    const refused: [string, number, () => number, string][] = [
      ['dokter', 12, () => dokterId, 'own schedule, clinic outside the doctor’s scope'],
      ['perawat', 10, () => dokterId, 'neither the own schedule nor a schedule menu'],
      ['pendaftaran', 11, () => dokterId, '/Schedule at clinic 10 only'],
      ['pendaftaran', 11, () => dokter2Id, 'a doctor of clinics 11 and 12 only'],
      ['adminlain', 10, () => dokterId, 'another corporate'],
      ['admin', 20, () => dokterId, 'another corporate’s clinic'],
    ];
    for (const [who, clinicIdWeb, doctor, why] of refused) {
      const res = await add(who, {
        clinicIdWeb,
        dokterIdWeb: doctor(),
        newBookingTime: '20:00 - 21:00',
        bookingDay: 1,
      });
      expect(res.statusCode, why).toBe(403);
    }
    expect(
      (
        await add('', {
          clinicIdWeb: 10,
          dokterIdWeb: dokterId,
          newBookingTime: '20:00 - 21:00',
          bookingDay: 1,
        })
      ).statusCode,
    ).toBe(401);
    expect(await slotCount()).toBe(before);
  });

  it('lets /MasterDokter and /Schedule holders manage doctors in their clinics', async () => {
    const admin = await add('admin', {
      clinicIdWeb: 12,
      dokterIdWeb: dokter2Id,
      newBookingTime: '19:00 - 21:00',
      bookingDay: 1,
    });
    expect(admin.statusCode).toBe(200);
    const reg = await add('pendaftaran', {
      clinicIdWeb: 10,
      dokterIdWeb: dokterId,
      newBookingTime: '20:00 - 21:00',
      bookingDay: 1,
    });
    expect(reg.statusCode).toBe(200);
    // in scope, but the doctor does not practise there
    const notThere = await add('admin', {
      clinicIdWeb: 12,
      dokterIdWeb: dokterId,
      newBookingTime: '20:00 - 21:00',
      bookingDay: 1,
    });
    expect(notThere.statusCode).toBe(400);
    expect(json(notThere).message).toBe('Dokter tidak praktik di klinik ini');
  });
});

describe('daily limit', () => {
  it('saves a whole number from 0 for the weekday', async () => {
    const res = await call('PUT', `/assesments/doctors/${dokterId}`, 'dokter', { dayToChange: 2, limit: 25 });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Limit pasien hari Senin berhasil disimpan');
    expect((await schedule(dokterId, 'dokter'))['2'].limit).toBe(25);
    const zero = await call('PUT', `/assesments/doctors/${dokterId}`, 'dokter', {
      dayToChange: 1,
      limit: '0',
      clinicId: 11,
    });
    expect(zero.statusCode).toBe(200);
    expect((await schedule(dokterId, 'dokter', 11))['1'].limit).toBe(0);
  });

  it('refuses anything else, writing nothing', async () => {
    const rows = async () => (await ctx.database.db.select().from(doctorScheduleDays)).length;
    const before = await rows();
    for (const limit of [-1, 1.5, '1.5', 'abc', '', null, true]) {
      const res = await call('PUT', `/assesments/doctors/${dokterId}`, 'dokter', { dayToChange: 1, limit });
      expect(res.statusCode, String(limit)).toBe(400);
      expect(json(res).errors).toEqual([{ path: 'limit', message: 'Harus bilangan bulat mulai 0' }]);
    }
    const missing = await call('PUT', `/assesments/doctors/${dokterId}`, 'dokter', { dayToChange: 1 });
    expect(json(missing).errors).toEqual([{ path: 'limit', message: 'Wajib diisi' }]);
    expect(
      (await call('PUT', `/assesments/doctors/${dokterId}`, 'dokter', { dayToChange: 0, limit: 3 }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/assesments/doctors/${dokterId}`, 'dokter', {
          dayToChange: 1,
          limit: 3,
          clinicId: 12,
        })
      ).statusCode,
    ).toBe(403);
    expect(await rows()).toBe(before);
  });
});
