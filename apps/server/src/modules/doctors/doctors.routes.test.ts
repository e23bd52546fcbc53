import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doctors, users } from '../../db/schema/index.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
let dokter2Id: number;
let foreignDoctorId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  foreignDoctorId = (await addForeignCorporate(ctx.database.db)).doctorId;
  for (const u of ['dokter', 'dokter2', 'admin', 'superadmin', 'kasir', 'pendaftaran'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  dokter2Id = (await userByName(ctx.database.db, 'dokter2')).doctorId!;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: who ? { authorization: tokens[who] } : {},
    payload,
  });
const doctorCount = async () => (await ctx.database.db.select({ n: count() }).from(doctors))[0].n;

describe('specialists', () => {
  it('lists them for any logged-in user', async () => {
    const res = await call('GET', '/doctors/specialists', 'kasir');
    expect(res.statusCode).toBe(200);
    const list = json(res).data.specialists;
    expect(list).toContainEqual({ _id: expect.any(String), name: 'Dokter Umum' });
    expect((await call('GET', '/doctors/specialists')).statusCode).toBe(401);
  });
});

describe('the own doctor profile', () => {
  it('answers the spec’s fields', async () => {
    const res = await call('GET', `/settings/myprofile/doctors/edit/profile?id=${dokterId}`, 'dokter');
    expect(res.statusCode).toBe(200);
    const p = json(res).data;
    expect(p).toMatchObject({
      doctorId: dokterId,
      name: 'dr. Alexander Wijaya',
      title: 'dr.',
      specialist: 'Dokter Umum',
      specialistId: expect.any(String),
      enabled: true,
      previousClinicId: 10,
      identificationNumber: '7209061211900001',
      mobilePhone: expect.stringMatching(/^\d+$/),
      idEmploye: expect.any(Number),
      email: 'dokter@klinikita.id',
      gender: 'M',
      username: 'dokter',
      photo: null,
      role: { role: 'Doctor' },
      Clinics: [
        { id: 10, name: 'Klinik Pratama Klinikita Menteng', Doctor_Clinic: { ClinicId: 10 } },
        { id: 11, name: 'Klinikita MCU Center Cikarang', Doctor_Clinic: { ClinicId: 11 } },
      ],
    });
    expect(p.dob).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('is refused for another doctor, another corporate and without a session', async () => {
    const other = await call('GET', `/settings/myprofile/doctors/edit/profile?id=${dokter2Id}`, 'dokter');
    expect(other.statusCode).toBe(403);
    expect(json(other).message).toBe('Anda hanya dapat mengubah profil Anda sendiri');
    expect(
      (await call('GET', `/settings/myprofile/doctors/edit/profile?id=${dokterId}`, 'adminlain')).statusCode,
    ).toBe(403);
    expect((await call('GET', `/settings/myprofile/doctors/edit/profile?id=${dokterId}`)).statusCode).toBe(
      401,
    );
    expect(
      (await call('GET', `/settings/myprofile/doctors/edit/profile?id=${foreignDoctorId}`, 'admin'))
        .statusCode,
    ).toBe(403);
    // a /MasterDokter holder reads doctors of its corporate
    expect(
      (await call('GET', `/settings/myprofile/doctors/edit/profile?id=${dokter2Id}`, 'admin')).statusCode,
    ).toBe(200);
  });
});

describe('master doctor list', () => {
  it('pages, searches and filters on the server', async () => {
    const all = json(await call('GET', '/settings/master/doctors/where', 'admin')).data;
    expect(all).toMatchObject({ page: 1, limit: 20, totalDocs: 2, totalPages: 1 });
    expect(all.docs.map((d: any) => d.name)).toEqual(['dr. Alexander Wijaya', 'dr. Sari Dewi, Sp.PD']);
    expect(all.docs[1]).toMatchObject({
      specialist: 'Penyakit Dalam',
      enabled: true,
      clinics: [
        { id: 11, name: 'Klinikita MCU Center Cikarang' },
        { id: 12, name: 'Klinikita MCU Center Surabaya' },
      ],
    });
    const search = json(await call('GET', '/settings/master/doctors/where?search=penyakit', 'admin')).data;
    expect(search.docs.map((d: any) => d.doctorId)).toEqual([dokter2Id]);
    expect(json(await call('GET', '/settings/master/doctors/where?search=%25', 'admin')).data.docs).toEqual(
      [],
    );
    expect(json(await call('GET', '/settings/master/doctors/where?search=_', 'admin')).data.docs).toEqual([]);
    const clinic10 = json(await call('GET', '/settings/master/doctors/where?clinicId=10', 'admin')).data;
    expect(clinic10.docs.map((d: any) => d.doctorId)).toEqual([dokterId]);
    const page2 = json(await call('GET', '/settings/master/doctors/where?limit=1&page=2', 'admin')).data;
    expect(page2).toMatchObject({ totalPages: 2, docs: [{ doctorId: dokter2Id }] });
    expect((await call('GET', '/settings/master/doctors/where?limit=101', 'admin')).statusCode).toBe(400);
    expect((await call('GET', '/settings/master/doctors/where?enabled=maybe', 'admin')).statusCode).toBe(400);
    expect((await call('GET', '/settings/master/doctors/where?clinicId=20', 'admin')).statusCode).toBe(403);
    const one = json(await call('GET', `/settings/master/doctors/where?id=${dokter2Id}`, 'admin')).data;
    expect(one).toMatchObject({ doctorId: dokter2Id, email: 'dokter2@klinikita.id', gender: 'F' });
  });

  it('is refused without the menu, and shows nothing of another corporate', async () => {
    expect((await call('GET', '/settings/master/doctors/where', 'kasir')).statusCode).toBe(403);
    expect((await call('GET', '/settings/master/doctors/where', 'dokter')).statusCode).toBe(403);
    const foreign = json(await call('GET', '/settings/master/doctors/where', 'adminlain')).data;
    expect(foreign.docs.map((d: any) => d.name)).toEqual(['Dokter Lain']);
    expect((await call('GET', `/settings/master/doctors/where?id=${dokterId}`, 'adminlain')).statusCode).toBe(
      403,
    );
  });
});

const newDoctor = {
  name: 'dr. Bima Aryasatya',
  title: 'dr., Sp.A',
  profile: 'Spesialis anak',
  clinicIds: [10, 12],
  username: 'dokterbima',
  password: 'rahasia123',
  email: 'bima@klinikita.id',
  gender: 'M',
  dob: '01/02/1988',
  icNumber: '3171010102880001',
  phoneNumber: '081234567890',
  address: 'Jakarta',
};

describe('adding a doctor', () => {
  it('creates employee, doctor, clinics and a Doctor login at once', async () => {
    const specialists = json(await call('GET', '/doctors/specialists', 'admin')).data.specialists;
    const anak = specialists.find((s: any) => s.name === 'Anak')._id;
    const res = await call('POST', '/settings/doctors', 'admin', { ...newDoctor, specialistId: anak });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Dokter berhasil ditambahkan');
    const { doctorId } = json(res).data;
    const profile = json(await call('GET', `/settings/master/doctors/where?id=${doctorId}`, 'admin')).data;
    expect(profile).toMatchObject({
      specialist: 'Anak',
      dob: '01/02/1988',
      previousClinicId: 10,
      Clinics: [{ id: 10 }, { id: 12 }],
      role: { role: 'Doctor' },
    });
    const token = await loginAs(ctx.app, 'dokterbima', 'rahasia123');
    const me = json(
      await ctx.app.inject({ method: 'GET', url: `${API}/users`, headers: { authorization: token } }),
    ).data;
    expect(me).toMatchObject({ DoctorId: doctorId, role: { role: 'Doctor' } });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'doctor.create'));
    expect(audit).toHaveLength(1);
  });

  it('validates with the spec’s messages and refuses duplicates and foreign clinics, writing nothing', async () => {
    const before = await doctorCount();
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', 'Nama Tidak Boleh Kosong'],
      [{ name: 'ab' }, 'name', 'Min 3 and Max 30 characters long.'],
      [{ name: 'x'.repeat(31) }, 'name', 'Min 3 and Max 30 characters long.'],
      [{ icNumber: '' }, 'icNumber', 'IC Number Tidak Boleh Kosong'],
      [{ phoneNumber: '' }, 'phoneNumber', 'Phone Number Tidak Boleh Kosong'],
      [{ phoneNumber: '0812-abc' }, 'phoneNumber', 'Hanya angka'],
      [{ email: 'bukan-email' }, 'email', 'Email is not valid'],
      [{ password: '' }, 'password', 'Password Tidak Boleh Kosong'],
      [{ dob: '31/02/1990' }, 'dob', 'Format tanggal DD/MM/YYYY'],
      [{ address: 'x'.repeat(151) }, 'address', 'Terlalu panjang'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await call('POST', '/settings/doctors', 'admin', {
        ...newDoctor,
        username: 'dokterbaru',
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(json(res).errors).toContainEqual({ path, message });
    }
    const dup = await call('POST', '/settings/doctors', 'admin', { ...newDoctor, username: 'DOKTER' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe('Username sudah dipakai');
    const foreign = await call('POST', '/settings/doctors', 'admin', {
      ...newDoctor,
      username: 'dokterbaru',
      clinicIds: [20],
    });
    expect(foreign.statusCode).toBe(403);
    const unknownSpecialist = await call('POST', '/settings/doctors', 'admin', {
      ...newDoctor,
      username: 'dokterbaru',
      specialistId: 'tidak-ada',
    });
    expect(unknownSpecialist.statusCode).toBe(400);
    expect(
      (await call('POST', '/settings/doctors', 'kasir', { ...newDoctor, username: 'dokterbaru' })).statusCode,
    ).toBe(403);
    expect(await doctorCount()).toBe(before);
  });
});

describe('changing a doctor', () => {
  it('changes only the fields sent, clinics within scope, and drops the schedule of a clinic left', async () => {
    const res = await call('PATCH', '/settings/doctors', 'admin', {
      doctorId: dokterId,
      updateData: { title: 'dr., M.Kes', enabled: false, clinicIds: [10, 12], specialistId: null },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Data dokter berhasil disimpan');
    const p = json(await call('GET', `/settings/master/doctors/where?id=${dokterId}`, 'admin')).data;
    expect(p).toMatchObject({
      title: 'dr., M.Kes',
      enabled: false,
      specialist: null,
      name: 'dr. Alexander Wijaya',
      Clinics: [{ id: 10 }, { id: 12 }],
    });
    const week = json(
      await call('GET', `/reservation/doctor-schedule/${dokterId}?clinicId=11`, 'admin'),
    ).data;
    expect(week['7'].booking).toEqual([]);
    // the spec's single clinicId replaces previousClinicId
    await call('PATCH', '/settings/doctors', 'admin', {
      doctorId: dokterId,
      updateData: { clinicId: 11, previousClinicId: 12, enabled: true },
    });
    const after = json(await call('GET', `/settings/master/doctors/where?id=${dokterId}`, 'admin')).data;
    expect(after.Clinics.map((c: any) => c.id)).toEqual([10, 11]);
    expect(after.previousClinicId).toBe(11);
  });

  it('refuses a taken username, an all-access role, a foreign clinic or doctor, and a wrong userId', async () => {
    const patch = (who: string, body: object) => call('PATCH', '/settings/doctors', who, body);
    expect(
      (await patch('admin', { doctorId: dokter2Id, updateData: { username: 'Admin' } })).statusCode,
    ).toBe(409);
    const roles = json(await call('GET', '/settings/roles/findAll', 'superadmin')).data;
    const superRole = roles.find((r: any) => r.role === 'Super Admin')._id;
    const escalate = await patch('admin', { doctorId: dokter2Id, updateData: { role: superRole } });
    expect(escalate.statusCode).toBe(403);
    expect(json(escalate).message).toBe('Anda tidak dapat memberikan role Super Admin');
    expect((await patch('admin', { doctorId: dokter2Id, updateData: { clinicIds: [20] } })).statusCode).toBe(
      403,
    );
    expect((await patch('admin', { doctorId: foreignDoctorId, updateData: { title: 'x' } })).statusCode).toBe(
      403,
    );
    expect((await patch('adminlain', { doctorId: dokter2Id, updateData: { title: 'x' } })).statusCode).toBe(
      403,
    );
    expect(
      (await patch('admin', { doctorId: dokter2Id, userId: 'bukan', updateData: { title: 'x' } })).statusCode,
    ).toBe(403);
    expect((await patch('dokter2', { doctorId: dokter2Id, updateData: { title: 'x' } })).statusCode).toBe(
      403,
    );
    const p = json(await call('GET', `/settings/master/doctors/where?id=${dokter2Id}`, 'admin')).data;
    expect(p).toMatchObject({ title: 'dr., Sp.PD', username: 'dokter2', role: { role: 'Doctor' } });
  });

  it('a new password ends the doctor’s sessions', async () => {
    const res = await call('PATCH', '/settings/doctors', 'admin', {
      doctorId: dokter2Id,
      updateData: { password: 'passwordbaru1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/users', 'dokter2')).statusCode).toBe(401);
    await loginAs(ctx.app, 'dokter2', 'passwordbaru1');
    const user = await userByName(ctx.database.db, 'dokter2');
    expect(user.passwordHash.startsWith('scrypt$')).toBe(true);
    expect((await call('GET', '/users', 'admin')).statusCode).toBe(200);
    expect((await ctx.database.db.select().from(users).where(eq(users.username, 'dokter2')))[0].active).toBe(
      true,
    );
  });
});
