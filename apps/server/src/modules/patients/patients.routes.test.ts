import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partnerCompanies, patients } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  // the other corporate's admin may use the patient master, only its own
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'masterPatient',
  ]);
  for (const u of ['admin', 'pendaftaran', 'perawat', 'kasir']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: who ? { authorization: tokens[who] } : {},
    payload,
  });

let nikSerial = 9000;
/** A fresh plausible NIK (Menteng, born 12/03/1988 as a man). */
const newNik = () => `317106120388${String(nikSerial++).padStart(4, '0')}`;
let nameSerial = 0;
const letters = (n: number) =>
  String.fromCharCode(97 + (n % 26)) + String.fromCharCode(97 + Math.floor(n / 26));
const newPatient = (over: object = {}) => ({
  clinicId: 10,
  name: `Pasien Uji ${letters(nameSerial++)}`,
  sex: 'M',
  dob: '12/03/1988',
  nik: newNik(),
  phone: '081299990000',
  ...over,
});
const create = async (over: object = {}, who = 'pendaftaran') => {
  const res = await call('POST', '/patients', who, newPatient(over));
  if (res.statusCode !== 200) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return json(res).data;
};
const auditCount = async (action: string, patientId: number) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.patientId, patientId)))
  )[0].n;
const patientId = async (uid: string) =>
  (await ctx.database.db.select({ id: patients.id }).from(patients).where(eq(patients.uid, uid)))[0].id;

describe('creating a patient', () => {
  it('allocates a record number, fills the title and answers age', async () => {
    const res = await call('POST', '/patients', 'pendaftaran', newPatient({ name: 'Wahyu Pranoto' }));
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toMatch(/RM-10-\d{6}/);
    expect(body.data).toMatchObject({
      mrn: expect.stringMatching(/^RM-10-\d{6}$/),
      clinicId: 10,
      name: 'Wahyu Pranoto',
      title: 'Tn',
      titleAuto: true,
      dob: '12/03/1988',
      age: { years: expect.any(Number), months: expect.any(Number) },
    });
    expect(body.data.age.years).toBeGreaterThanOrEqual(37);
    expect(body.data).not.toHaveProperty('id');
    expect(body.data).not.toHaveProperty('corpId');
    expect(await auditCount('patient.create', await patientId(body.data.uid))).toBe(1);
  });

  it('follows the age rule for a baby girl and keeps a title set by hand', async () => {
    const now = new Date();
    const dob = `01/01/${now.getFullYear() - 1}`;
    const baby = await create({ sex: 'F', dob, nik: '' });
    expect(baby).toMatchObject({ title: 'By', nik: null, sex: 'F' });
    const set = await create({ sex: 'F', dob: '01/01/1970', title: 'Nn' });
    expect(set).toMatchObject({ title: 'Nn', titleAuto: false });
  });

  it('refuses bad input with the catalog messages and writes nothing', async () => {
    const before = (await ctx.database.db.select({ n: count() }).from(patients))[0].n;
    const res = await call('POST', '/patients', 'pendaftaran', {
      clinicId: 10,
      name: 'Bu',
      sex: 'M',
      dob: '31/12/2999',
      nik: '3171013202880002',
      phone: '0812',
      email: 'a@',
    });
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(json(res).errors!.map((e) => [e.path, e.message]));
    expect(errors).toMatchObject({
      name: 'Nama pasien 3 sampai 100 karakter',
      dob: 'Tanggal lahir tidak boleh di masa depan',
      nik: 'Tanggal lahir pada NIK tidak valid (digit 7–12, tanggal perempuan ditambah 40)',
      phone: 'Nomor telepon harus 8 sampai 15 digit angka',
      email: 'Format email tidak valid',
    });
    const wna = await call('POST', '/patients', 'pendaftaran', newPatient({ nik: '', nationality: 'WNA' }));
    expect(json(wna).errors).toEqual([
      { path: 'passport', message: 'Nomor paspor wajib diisi untuk WNA tanpa NIK' },
    ]);
    const english = await ctx.app.inject({
      method: 'POST',
      url: `${API}/patients`,
      headers: { authorization: tokens.pendaftaran, 'accept-language': 'en' },
      payload: newPatient({ nik: '1234' }),
    });
    expect(json(english).errors).toEqual([{ path: 'nik', message: 'NIK must be 16 digits' }]);
    expect((await ctx.database.db.select({ n: count() }).from(patients))[0].n).toBe(before);
  });

  it('keeps the address regions a chain of known areas (idn-area-data)', async () => {
    const menteng = { provinceCode: '31', cityCode: '31.71', districtCode: '31.71.06' };
    const cikini = await create({ ...menteng, villageCode: '31.71.06.1003' });
    expect(cikini).toMatchObject({ ...menteng, villageCode: '31.71.06.1003' });
    // a village of another district (Gambir's Petojo Selatan) under Menteng
    const outside = await call(
      'POST',
      '/patients',
      'pendaftaran',
      newPatient({ ...menteng, villageCode: '31.71.01.1004' }),
    );
    expect(outside.statusCode).toBe(400);
    expect(json(outside).errors).toEqual([
      { path: 'villageCode', message: 'Kelurahan/desa tidak berada di kecamatan yang dipilih' },
    ]);
    const gap = await call('PATCH', `/patients/${cikini.uid}`, 'pendaftaran', { districtCode: '' });
    expect(json(gap).errors).toEqual([{ path: 'districtCode', message: 'Pilih kecamatan' }]);
    expect(json(await call('GET', `/patients/${cikini.uid}`, 'pendaftaran')).data.districtCode).toBe(
      '31.71.06',
    );
  });

  it('takes a partner company of the corporate as payer', async () => {
    const [company] = (await ctx.database.db.select().from(partnerCompanies).limit(1)) as { id: number }[];
    const missing = await call('POST', '/patients', 'pendaftaran', newPatient({ payerType: 'company' }));
    expect(json(missing).errors).toEqual([
      { path: 'companyId', message: 'Pilih perusahaan rekanan penjamin' },
    ]);
    const unknown = await call(
      'POST',
      '/patients',
      'pendaftaran',
      newPatient({ payerType: 'company', companyId: 99999 }),
    );
    expect(json(unknown).errors).toEqual([
      { path: 'companyId', message: 'Perusahaan rekanan tidak ditemukan' },
    ]);
    const paid = await create({ payerType: 'company', companyId: company.id });
    expect(paid).toMatchObject({ payerType: 'company', companyId: company.id });
    const dropped = await call('PATCH', `/patients/${paid.uid}`, 'pendaftaran', { companyId: null });
    expect(json(dropped).errors).toEqual([
      { path: 'companyId', message: 'Pilih perusahaan rekanan penjamin' },
    ]);
  });

  it('accepts a foreigner with a passport', async () => {
    const p = await create({ nik: '', nationality: 'WNA', passport: 'ab1234567', name: 'John Carter' });
    expect(p).toMatchObject({ nationality: 'WNA', passport: 'AB1234567', nik: null });
  });

  it('refuses the same NIK twice in a corporate, naming the record number', async () => {
    const first = await create();
    const res = await call('POST', '/patients', 'admin', newPatient({ nik: first.nik, clinicId: 11 }));
    expect(res.statusCode).toBe(409);
    const body = json(res) as ReturnType<typeof json> & { code: string };
    expect(body.code).toBe('nikTaken');
    expect(body.message).toBe(
      `NIK ${first.nik} sudah terdaftar atas nama ${first.name} dengan No. RM ${first.mrn}`,
    );
    expect(body.data.candidates[0]).toMatchObject({ uid: first.uid, mrn: first.mrn });
  });

  it('warns of a likely duplicate (same name and birth date) until confirmed', async () => {
    const first = await create({ name: 'Siti Rahayu Lestari', dob: '05/06/1990', sex: 'F', nik: '' });
    const again = newPatient({ name: 'SITI RAHAYU LESTARI', dob: '05/06/1990', sex: 'F', nik: '' });
    const res = await call('POST', '/patients', 'pendaftaran', again);
    expect(res.statusCode).toBe(409);
    const body = json(res) as ReturnType<typeof json> & { code: string };
    expect(body.code).toBe('likelyDuplicate');
    expect(body.data.candidates).toEqual([expect.objectContaining({ uid: first.uid, mrn: first.mrn })]);
    const confirmed = await call('POST', '/patients', 'pendaftaran', { ...again, confirmDuplicate: true });
    expect(confirmed.statusCode).toBe(200);
    expect(json(confirmed).data.mrn).not.toBe(first.mrn);
  });

  it('gives 20 concurrent creates 20 different, gap-free record numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/patients', 'admin', newPatient({ clinicId: 12 }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const values = results.map((r) => Number(json(r).data.mrn.split('-')[2])).sort((a, b) => a - b);
    expect(new Set(values).size).toBe(20);
    expect(values[19] - values[0]).toBe(19);
  });

  it('two concurrent creates with one NIK: one succeeds, the other is told', async () => {
    const nik = newNik();
    const results = await Promise.all([
      call('POST', '/patients', 'admin', newPatient({ nik, clinicId: 10 })),
      call('POST', '/patients', 'admin', newPatient({ nik, clinicId: 11 })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('searching', () => {
  let target: { uid: string; mrn: string; nik: string; name: string };
  beforeAll(async () => {
    target = await create({ name: 'Kurniasih Wulandari Cari', phone: '085712345678', sex: 'F' });
  });
  const search = async (text: string, who = 'pendaftaran') => {
    const res = await call('GET', `/patients?search=${encodeURIComponent(text)}`, who);
    expect(res.statusCode).toBe(200);
    return json(res).data;
  };

  it('finds by name fragment, exact NIK, record number and phone', async () => {
    for (const text of [
      'wulandari cari',
      'KURNIASIH',
      target.nik,
      target.mrn,
      target.mrn.toLowerCase(),
      '5712345678',
      '+6285712345678',
    ]) {
      const page = await search(text);
      expect(
        page.docs.map((d: { uid: string }) => d.uid),
        text,
      ).toContain(target.uid);
    }
    expect((await search(target.nik.slice(0, 15))).docs.map((d: { uid: string }) => d.uid)).not.toContain(
      target.uid,
    );
    expect((await search('100%_')).totalDocs).toBe(0);
  });

  it('pages the seeded chain on the server, limit at most 100', async () => {
    const first = await (await call('GET', '/patients?limit=50&page=1', 'admin')).json().data;
    expect(first).toMatchObject({ page: 1, limit: 50, docs: expect.any(Array) });
    expect(first.docs).toHaveLength(50);
    expect(first.totalDocs).toBeGreaterThanOrEqual(300);
    expect(first.totalPages).toBe(Math.ceil(first.totalDocs / 50));
    const second = (await call('GET', '/patients?limit=50&page=2', 'admin')).json().data;
    const firstUids = new Set(first.docs.map((d: { uid: string }) => d.uid));
    expect(second.docs.some((d: { uid: string }) => firstUids.has(d.uid))).toBe(false);
    expect((await call('GET', '/patients?limit=101', 'admin')).statusCode).toBe(400);
    const clinic13 = (await call('GET', '/patients?clinicId=13&limit=100', 'admin')).json().data;
    expect(clinic13.docs.every((d: { clinicId: number }) => d.clinicId === 13)).toBe(true);
    expect(clinic13.totalDocs).toBeGreaterThan(50);
  });

  it('pages a search by name with its count, whichever page is asked', async () => {
    const mine = await create({ name: 'Kurniasih Halaman Cari' });
    const page = async (n: number) =>
      json(await call('GET', `/patients?search=an&limit=5&page=${n}`, 'pendaftaran')).data;
    const [first, second] = [await page(1), await page(2)];
    expect(first.totalDocs).toBeGreaterThan(10);
    expect(second.totalDocs).toBe(first.totalDocs);
    expect(first.totalPages).toBe(Math.ceil(first.totalDocs / 5));
    const names = [...first.docs, ...second.docs].map((d: { name: string }) => d.name.toLowerCase());
    expect(names.every((n) => n.includes('an'))).toBe(true);
    const firstUids = new Set(first.docs.map((d: { uid: string }) => d.uid));
    expect(second.docs.some((d: { uid: string }) => firstUids.has(d.uid))).toBe(false);
    // past the last page: no rows, the same count
    const past = await page(first.totalPages + 1);
    expect(past).toMatchObject({ docs: [], totalDocs: first.totalDocs });
    // each row says whether the caller may change it
    const found = json(await call('GET', '/patients?search=halaman%20cari', 'pendaftaran')).data;
    expect(found.docs).toEqual([expect.objectContaining({ uid: mine.uid, mayChange: true })]);
  });

  it('holds the SATUSEHAT sandbox patients in the demo', async () => {
    const page = await search('9271060312000001', 'admin');
    expect(page.docs).toHaveLength(1);
    const one = json(await call('GET', `/patients/${page.docs[0].uid}`, 'admin')).data;
    expect(one.ihsNumber).toBe('P02478375538');
  });
});

describe('access and scope', () => {
  it('needs a session and a patient menu', async () => {
    expect((await call('GET', '/patients')).statusCode).toBe(401);
    expect((await call('GET', '/patients', 'kasir')).statusCode).toBe(403);
    expect((await call('GET', '/patients', 'perawat')).statusCode).toBe(200);
  });

  it('refuses a clinic outside the caller’s scope', async () => {
    expect((await call('POST', '/patients', 'pendaftaran', newPatient({ clinicId: 11 }))).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/patients?clinicId=11', 'pendaftaran')).statusCode).toBe(403);
    const other = await create({ clinicId: 11 }, 'admin');
    const del = await call('DELETE', `/patients/${other.uid}`, 'pendaftaran');
    expect(del.statusCode).toBe(403);
    expect(json(del).message).toBe(
      'Data pasien ini hanya dapat diubah atau dihapus oleh staf klinik yang mendaftarkan atau pernah melayani pasien ini, atau oleh Admin korporat.',
    );
  });

  it('keeps corporates apart', async () => {
    const ours = await create();
    for (const [method, payload] of [['GET'], ['PATCH', { phone: '081211112222' }], ['DELETE']] as const) {
      const res = await call(method, `/patients/${ours.uid}`, 'adminlain', payload);
      expect(res.statusCode).toBe(403);
    }
    // the same NIK may exist in another corporate
    const theirs = await call('POST', '/patients', 'adminlain', newPatient({ clinicId: 20, nik: ours.nik }));
    expect(theirs.statusCode).toBe(200);
    expect(json(theirs).data.mrn).toBe('RM-20-000001');
    const list = json(await call('GET', '/patients?limit=100', 'adminlain')).data;
    expect(list.docs.map((d: { uid: string }) => d.uid)).toEqual([json(theirs).data.uid]);
    expect((await call('POST', '/patients', 'adminlain', newPatient({ clinicId: 10 }))).statusCode).toBe(403);
    expect((await call('GET', `/patients/${json(theirs).data.uid}`, 'admin')).statusCode).toBe(403);
  });
});

describe('reading, changing and removing', () => {
  it('audits every single-patient read', async () => {
    const p = await create();
    await call('GET', `/patients/${p.uid}`, 'perawat');
    await call('GET', `/patients/${p.uid}`, 'admin');
    expect(await auditCount('patient.read', await patientId(p.uid))).toBe(2);
    expect((await call('GET', '/patients/nope', 'admin')).statusCode).toBe(404);
  });

  it('changes only the fields sent, with the same rules', async () => {
    const p = await create({ name: 'Ratna Sari Ubah', sex: 'F', dob: '01/02/1995' });
    const res = await call('PATCH', `/patients/${p.uid}`, 'perawat', {
      phone: '0813 1111 2222',
      bloodGroup: 'AB',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      phone: '081311112222',
      bloodGroup: 'AB',
      name: 'Ratna Sari Ubah',
      mrn: p.mrn,
    });
    expect(await auditCount('patient.update', await patientId(p.uid))).toBe(1);

    const taken = await create();
    const dupNik = await call('PATCH', `/patients/${p.uid}`, 'admin', { nik: taken.nik });
    expect(dupNik.statusCode).toBe(409);
    expect(json(dupNik).message).toContain(taken.mrn);

    const twin = await create({ name: 'Kembar Nama Sama', dob: '03/03/1993', nik: '' });
    const clash = { name: 'kembar nama sama', dob: '03/03/1993' };
    const warned = await call('PATCH', `/patients/${p.uid}`, 'admin', clash);
    expect(warned.statusCode).toBe(409);
    expect((json(warned) as { code?: string }).code).toBe('likelyDuplicate');
    expect(json(warned).data.candidates[0].uid).toBe(twin.uid);
    const confirmed = await call('PATCH', `/patients/${p.uid}`, 'admin', {
      ...clash,
      confirmDuplicate: true,
    });
    expect(confirmed.statusCode).toBe(200);

    const foreigner = await call('PATCH', `/patients/${p.uid}`, 'admin', { nationality: 'WNA', nik: '' });
    expect(foreigner.statusCode).toBe(400);
    expect(json(foreigner).errors).toEqual([
      { path: 'passport', message: 'Nomor paspor wajib diisi untuk WNA tanpa NIK' },
    ]);
    expect((await call('PATCH', `/patients/${p.uid}`, 'admin', { name: 'x' })).statusCode).toBe(400);
  });

  it('soft-deletes: gone from search and reads, row kept, NIK free again', async () => {
    const p = await create({ name: 'Hapus Saya Nanti' });
    const res = await call('DELETE', `/patients/${p.uid}`, 'pendaftaran');
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/patients/${p.uid}`, 'admin')).statusCode).toBe(404);
    expect(json(await call('GET', '/patients?search=hapus%20saya', 'admin')).data.totalDocs).toBe(0);
    expect((await call('DELETE', `/patients/${p.uid}`, 'admin')).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(patients).where(eq(patients.uid, p.uid));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await auditCount('patient.delete', row.id)).toBe(1);
    expect((await call('POST', '/patients', 'pendaftaran', newPatient({ nik: p.nik }))).statusCode).toBe(200);
  });
});
