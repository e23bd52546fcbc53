import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employees, users } from '../../db/schema/index.ts';
import { addForeignCorporate, IMAGES, multipart, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const me: Record<string, any> = {};
let foreignEmployee: string;

beforeAll(async () => {
  ctx = await createTestApp();
  foreignEmployee = (await addForeignCorporate(ctx.database.db)).employeeUid;
  for (const u of ['dokter', 'dokter2', 'admin', 'superadmin', 'perawat', 'kasir', 'lab', 'applimetis']) {
    tokens[u] = await loginAs(ctx.app, u);
    me[u] = json(await call('GET', '/users', u)).data;
  }
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, who?: string, payload?: object) {
  return ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: who ? { authorization: tokens[who] } : {},
    payload,
  });
}
const employeeRow = async (uid: string) =>
  (await ctx.database.db.select().from(employees).where(eq(employees.uid, uid)))[0];

describe('reading an employee profile', () => {
  it('answers the own profile with the spec’s fields', async () => {
    const res = await call(
      'GET',
      `/settings/pharmacy/employees/where?uid=${me.perawat.uidEmployee}`,
      'perawat',
    );
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      uidEmployee: me.perawat.uidEmployee,
      userId: me.perawat._id,
      name: 'Siti Nurhaliza',
      username: 'perawat',
      email: 'perawat@klinikita.id',
      role: { _id: me.perawat.role._id, role: 'Nurse' },
      gender: 'F',
      dob: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      icNumber: '3171015607920003',
      clinicId: 10,
      uidClinic: expect.any(String),
      clinicName: 'Klinik Pratama Klinikita Menteng',
      active: true,
    });
  });

  it('refuses someone else’s profile without /Setting/employee, or of another corporate', async () => {
    expect(
      (await call('GET', `/settings/pharmacy/employees/where?uid=${me.kasir.uidEmployee}`, 'perawat'))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/settings/pharmacy/employees/where?uid=${me.kasir.uidEmployee}`, 'admin'))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/settings/pharmacy/employees/where?uid=${foreignEmployee}`, 'admin')).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/settings/pharmacy/employees/where?uid=${me.kasir.uidEmployee}`, 'adminlain'))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/settings/pharmacy/employees/where?uid=${me.kasir.uidEmployee}`)).statusCode,
    ).toBe(401);
    expect((await call('GET', '/settings/pharmacy/employees/where?uid=tidak-ada', 'admin')).statusCode).toBe(
      404,
    );
  });
});

const ownEdit = (who: string, updateData: object, extra: object = {}) =>
  call('PATCH', '/settings/employee', who, {
    uidEmployee: me[who].uidEmployee,
    userId: me[who]._id,
    updateData: {
      name: me[who].name,
      username: me[who].username,
      email: `${me[who].username}@klinikita.id`,
      ...updateData,
    },
    ...extra,
  });

describe('the generic staff profile (PATCH settings/employee)', () => {
  it('saves the own profile and ignores role, clinic, username and active', async () => {
    const roles = json(await call('GET', '/settings/roles/findAll', 'superadmin')).data;
    const res = await ownEdit('kasir', {
      name: 'Lestari H.',
      username: 'kasirbaru',
      role: roles.find((r: any) => r.role === 'Super Admin')._id,
      clinicId: 11,
      active: false,
      phoneNumber: '0812999',
      address: 'Jl. Kenanga 5',
      dob: '17/08/1994',
      gender: 'F',
      passport: 'C1234567',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Data karyawan berhasil disimpan');
    const p = json(
      await call('GET', `/settings/pharmacy/employees/where?uid=${me.kasir.uidEmployee}`, 'kasir'),
    ).data;
    expect(p).toMatchObject({
      name: 'Lestari H.',
      username: 'kasir',
      role: { role: 'Cashier' },
      clinicId: 10,
      active: true,
      phoneNumber: '0812999',
      address: 'Jl. Kenanga 5',
      dob: '17/08/1994',
      passport: 'C1234567',
    });
    expect((await userByName(ctx.database.db, 'kasir')).name).toBe('Lestari H.');
  });

  it('validates with the spec’s messages, writing nothing', async () => {
    const before = await employeeRow(me.lab.uidEmployee);
    const cases: [object, string, string][] = [
      [{ email: 'bukan-email' }, 'updateData.email', 'Email is not valid'],
      [{ email: '' }, 'updateData.email', 'Complete and check the data first'],
      [{ name: '' }, 'updateData.name', 'Complete and check the data first'],
      [{ name: 'ab' }, 'updateData.name', 'Min 3 and Max 30 characters long.'],
      [{ name: 'x'.repeat(31) }, 'updateData.name', 'Min 3 and Max 30 characters long.'],
      [{ username: 'ab' }, 'updateData.username', 'Min 3 and Max 30 characters long.'],
      [{ address: 'x'.repeat(101) }, 'updateData.address', 'Terlalu panjang'],
      [{ phoneNumber: '08-12' }, 'updateData.phoneNumber', 'Hanya angka'],
      [{ phoneNumber: '1'.repeat(21) }, 'updateData.phoneNumber', 'Terlalu panjang'],
      [{ dob: '01/01/2999' }, 'updateData.dob', 'Tanggal lahir tidak boleh di masa depan'],
      [{ dob: '1990-01-01' }, 'updateData.dob', 'Format tanggal DD/MM/YYYY'],
      [{ password: 'pendek' }, 'updateData.password', 'Password minimal 8 karakter'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await ownEdit('lab', patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(json(res).errors).toContainEqual({ path, message });
    }
    expect(await employeeRow(me.lab.uidEmployee)).toEqual(before);
  });

  it('a password change ends the user’s other sessions but not this one', async () => {
    const other = await loginAs(ctx.app, 'perawat');
    const res = await ownEdit('perawat', { password: 'passwordbaru1', currentPassword: 'klinikita' });
    expect(res.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${API}/users`, headers: { authorization: other } }))
        .statusCode,
    ).toBe(401);
    expect((await call('GET', '/users', 'perawat')).statusCode).toBe(200);
    await loginAs(ctx.app, 'perawat', 'passwordbaru1');
  });

  it('refuses another’s profile to callers without /Setting/employee', async () => {
    const res = await call('PATCH', '/settings/employee', 'perawat', {
      uidEmployee: me.kasir.uidEmployee,
      updateData: { name: 'Diubah Perawat', username: 'kasir', email: 'kasir@klinikita.id' },
    });
    expect(res.statusCode).toBe(403);
    expect((await employeeRow(me.kasir.uidEmployee)).name).toBe('Lestari H.');
    const wrongUser = await ownEdit('lab', { name: 'Maya A.' }, { userId: me.kasir._id });
    expect(wrongUser.statusCode).toBe(403);
  });

  it('lets /Setting/employee holders set role, clinic, username and active within scope', async () => {
    const roles = json(await call('GET', '/settings/roles/findAll', 'admin')).data;
    const roleId = (name: string) => roles.find((r: any) => r.role === name)._id;
    const edit = (updateData: object) =>
      call('PATCH', '/settings/employee', 'admin', {
        uidEmployee: me.lab.uidEmployee,
        updateData: { name: 'Maya Anggraini', username: 'lab', email: 'lab@klinikita.id', ...updateData },
      });
    expect((await edit({ username: 'ADMIN' })).statusCode).toBe(409);
    expect((await edit({ role: roleId('Super Admin') })).statusCode).toBe(403);
    const doctorRole = await edit({ role: roleId('Doctor') });
    expect(doctorRole.statusCode).toBe(400);
    expect(json(doctorRole).message).toBe('Akun dokter dibuat dan diubah melalui Master Dokter');
    expect((await edit({ role: 'tidak-ada' })).statusCode).toBe(400);
    expect((await edit({ clinicId: 20 })).statusCode).toBe(403);
    const ok = await edit({ role: roleId('Nurse'), clinicId: 12, username: 'lab.cikarang' });
    expect(ok.statusCode).toBe(200);
    const p = json(
      await call('GET', `/settings/pharmacy/employees/where?uid=${me.lab.uidEmployee}`, 'admin'),
    ).data;
    expect(p).toMatchObject({ role: { role: 'Nurse' }, clinicId: 12, username: 'lab.cikarang' });
    // deactivating ends the sessions
    expect((await edit({ username: 'lab.cikarang', active: false })).statusCode).toBe(200);
    expect((await call('GET', '/users', 'lab')).statusCode).toBe(401);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'employee.update'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(
      (
        await call('PATCH', '/settings/employee', 'adminlain', {
          uidEmployee: me.kasir.uidEmployee,
          updateData: { name: 'Lestari', username: 'kasir', email: 'kasir@klinikita.id' },
        })
      ).statusCode,
    ).toBe(403);
  });
  it('refuses an Admin taking over an all-access account, allows Super Admin', async () => {
    const takeOver = (who: string) =>
      call('PATCH', '/settings/employee', who, {
        uidEmployee: me.applimetis.uidEmployee,
        updateData: {
          name: 'Tim Applimetis',
          username: 'applimetis',
          email: 'applimetis@klinikita.id',
          password: 'ambilalih123',
        },
      });
    const refused = await takeOver('admin');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(
      'Akun ber-role Applimetis hanya dapat diubah oleh Super Admin atau Applimetis',
    );
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `${API}/auth/login`,
          payload: { username: 'applimetis', password: 'ambilalih123' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await takeOver('superadmin')).statusCode).toBe(200);
  });
});

describe('staff list and adding staff', () => {
  it('pages and searches the staff in scope', async () => {
    const all = json(await call('GET', '/settings/employees?limit=5', 'admin')).data;
    expect(all).toMatchObject({ page: 1, limit: 5, totalDocs: 12, totalPages: 3 });
    const search = json(await call('GET', '/settings/employees?search=siti', 'admin')).data;
    expect(search.docs.map((d: any) => d.username)).toEqual(['perawat']);
    expect(json(await call('GET', '/settings/employees?search=%25', 'admin')).data.docs).toEqual([]);
    const clinic10 = json(await call('GET', '/settings/employees?clinicId=10&limit=100', 'admin')).data;
    expect(clinic10.docs.every((d: any) => d.clinicId === 10)).toBe(true);
    const inactive = json(await call('GET', '/settings/employees?active=false', 'admin')).data;
    expect(inactive.docs.map((d: any) => d.username)).toEqual(['lab.cikarang']);
    expect((await call('GET', '/settings/employees', 'perawat')).statusCode).toBe(403);
    expect((await call('GET', '/settings/employees?clinicId=20', 'admin')).statusCode).toBe(403);
    const foreign = json(await call('GET', '/settings/employees', 'adminlain')).data;
    expect(foreign.docs.map((d: any) => d.name)).toEqual(['Dokter Lain']);
  });

  it('adds a staff member who can log in', async () => {
    const roles = json(await call('GET', '/settings/roles/findAll', 'admin')).data;
    const nurse = roles.find((r: any) => r.role === 'Nurse')._id;
    const body = {
      name: 'Rudi Hartono',
      username: 'rudi',
      password: 'rahasia123',
      email: 'rudi@klinikita.id',
      role: nurse,
      clinicId: 11,
      gender: 'M',
      dob: '05/06/1990',
      phoneNumber: '08121234',
      address: 'Cikarang',
      icNumber: '3216010506900001',
      ihsNumber: '10001354453',
    };
    const count0 = (await ctx.database.db.select({ n: count() }).from(users))[0].n;
    for (const [patch, message] of [
      [{ email: '' }, 'Complete and check the data first'],
      [{ role: '' }, 'Complete and check the data first'],
      [{ name: 'ab' }, 'Min 3 and Max 30 characters long.'],
      [
        { username: 'ru di' },
        'Username hanya boleh berisi huruf, angka, titik, garis bawah, tanda hubung dan @',
      ],
    ] as const) {
      const res = await call('POST', '/settings/employees', 'admin', { ...body, ...patch });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors?.map((e) => e.message)).toContain(message);
    }
    expect(
      (await call('POST', '/settings/employees', 'admin', { ...body, username: 'Kasir' })).statusCode,
    ).toBe(409);
    expect((await call('POST', '/settings/employees', 'admin', { ...body, clinicId: 20 })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/settings/employees', 'perawat', body)).statusCode).toBe(403);
    expect((await ctx.database.db.select({ n: count() }).from(users))[0].n).toBe(count0);
    const res = await call('POST', '/settings/employees', 'admin', body);
    expect(res.statusCode).toBe(200);
    const token = await loginAs(ctx.app, 'rudi', 'rahasia123');
    const user = json(
      await ctx.app.inject({ method: 'GET', url: `${API}/users`, headers: { authorization: token } }),
    ).data;
    expect(user).toMatchObject({
      ClinicId: 11,
      role: { role: 'Nurse' },
      uidEmployee: json(res).data.uidEmployee,
    });
    // the IHS number fetched on the form (SATUSEHAT) is kept with the staff record
    const [saved] = await ctx.database.db
      .select({ ihsNumber: employees.ihsNumber })
      .from(employees)
      .where(eq(employees.uid, json(res).data.uidEmployee));
    expect(saved.ihsNumber).toBe('10001354453');
  });
});

describe('the own profile, doctor and photo variant (PATCH settings/doctors/profile/edit)', () => {
  const base = (who: string) => ({
    doctorId: me[who].DoctorId ?? undefined,
    uidEmployee: me[who].DoctorId ? undefined : me[who].uidEmployee,
    userId: me[who]._id,
  });
  const edit = (who: string, updateData: object, ids: object = {}) =>
    call('PATCH', '/settings/doctors/profile/edit', who, {
      ...base(who),
      ...ids,
      updateData: {
        name: 'dr. Alexander W.',
        icNumber: '7209061211900001',
        phoneNumber: '08121000002',
        ...updateData,
      },
    });

  it('validates every rule of spec 5 with its message', async () => {
    const cases: [object, string, string][] = [
      [{ name: '' }, 'updateData.name', 'Nama Tidak Boleh Kosong'],
      [{ name: '  ' }, 'updateData.name', 'Nama Tidak Boleh Kosong'],
      [{ name: undefined }, 'updateData.name', 'Nama Tidak Boleh Kosong'],
      [{ name: 'ab' }, 'updateData.name', 'Min 3 and Max 30 characters long.'],
      [{ name: 'x'.repeat(31) }, 'updateData.name', 'Min 3 and Max 30 characters long.'],
      [{ icNumber: '' }, 'updateData.icNumber', 'IC Number Tidak Boleh Kosong'],
      [{ phoneNumber: '' }, 'updateData.phoneNumber', 'Phone Number Tidak Boleh Kosong'],
      [{ phoneNumber: '1'.repeat(21) }, 'updateData.phoneNumber', 'Terlalu panjang'],
      [{ ihsNumber: 'P123' }, 'updateData.ihsNumber', 'Hanya angka'],
      [{ address: 'x'.repeat(151) }, 'updateData.address', 'Terlalu panjang'],
      [{ password: 'pendek' }, 'updateData.password', 'Password minimal 8 karakter'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await edit('dokter', patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(json(res).errors).toEqual([{ path, message }]);
    }
    const en = await ctx.app.inject({
      method: 'PATCH',
      url: `${API}/settings/doctors/profile/edit`,
      headers: { authorization: tokens.dokter, 'accept-language': 'en' },
      payload: { ...base('dokter'), updateData: { name: 'dr. A', icNumber: '1', phoneNumber: 'x' } },
    });
    expect(json(en).errors).toEqual([{ path: 'updateData.phoneNumber', message: 'Digits only' }]);
  });

  it('saves the own doctor profile, never username, specialist or clinic', async () => {
    const upload = multipart([
      { field: 'files', filename: 'foto.png', type: 'image/png', content: IMAGES.png },
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `${API}/assesments/doctor/upload?date=11222026`,
      headers: { authorization: tokens.dokter, ...upload.headers },
      payload: upload.payload,
    });
    expect(up.statusCode).toBe(200);
    const photo = json(up).data.url;
    const res = await edit('dokter', {
      name: '  dr. Alexander W.  ',
      ihsNumber: '10009880728',
      address: 'Jl. Cikini 1',
      photo,
      username: 'bukan-dokter',
      specialistId: 'x',
      clinicId: 13,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: true, message: 'Profil berhasil disimpan' });
    const p = json(
      await call('GET', `/settings/myprofile/doctors/edit/profile?id=${me.dokter.DoctorId}`, 'dokter'),
    ).data;
    expect(p).toMatchObject({
      name: 'dr. Alexander W.',
      ihsNumber: '10009880728',
      address: 'Jl. Cikini 1',
      photo,
      username: 'dokter',
      specialist: 'Dokter Umum',
      previousClinicId: 10,
    });
    // the header reads the session user's image
    expect(json(await call('GET', '/users', 'dokter')).data).toMatchObject({
      imageUrl: photo,
      name: 'dr. Alexander W.',
    });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'profile.update'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refuses another doctor’s or employee’s ids, and photos from elsewhere, writing nothing', async () => {
    const before = await employeeRow(me.dokter2.uidEmployee);
    const cases = [
      { doctorId: me.dokter2.DoctorId },
      { uidEmployee: me.dokter2.uidEmployee },
      { userId: me.dokter2._id },
      { idEmployee: 999 },
    ];
    for (const ids of cases) {
      const res = await edit('dokter', { name: 'Diubah Orang Lain' }, ids);
      expect(res.statusCode, JSON.stringify(ids)).toBe(403);
      expect(json(res).message).toBe('Anda hanya dapat mengubah profil Anda sendiri');
    }
    expect(await employeeRow(me.dokter2.uidEmployee)).toEqual(before);
    const evil = await edit('dokter', { photo: 'https://contoh.test/pelacak.png' });
    expect(evil.statusCode).toBe(400);
    expect(json(evil).message).toBe('Foto harus berupa file yang diunggah ke Klinikita');
    const unknown = await edit('dokter', { photo: `${API}/files/00000000-0000-4000-8000-000000000000` });
    expect(unknown.statusCode).toBe(400);
    expect((await userByName(ctx.database.db, 'dokter')).name).toBe('dr. Alexander W.');
    expect(
      (
        await call('PATCH', '/settings/doctors/profile/edit', undefined, {
          ...base('dokter'),
          updateData: {},
        })
      ).statusCode,
    ).toBe(401);
  });

  it('serves the photo variant for staff by uidEmployee, and a password change logs out other sessions', async () => {
    const other = await loginAs(ctx.app, 'dokter');
    const res = await edit('dokter', { password: 'passwordbaru1', currentPassword: 'klinikita' });
    expect(res.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${API}/users`, headers: { authorization: other } }))
        .statusCode,
    ).toBe(401);
    expect((await call('GET', '/users', 'dokter')).statusCode).toBe(200);
    const staff = await call('PATCH', '/settings/doctors/profile/edit', 'kasir', {
      uidEmployee: me.kasir.uidEmployee,
      userId: me.kasir._id,
      updateData: {
        name: 'Lestari Handayani',
        icNumber: '3171016009940009',
        phoneNumber: '0812',
        photo: null,
      },
    });
    expect(staff.statusCode).toBe(200);
    expect(json(await call('GET', '/users', 'kasir')).data.imageUrl).toBeNull();
  });
});
