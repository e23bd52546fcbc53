import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doctorClinics, encounters, patients, registrations } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { aDrug, ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { createReferralLetter } from './letters.service.ts';
import { pdfPages, pdfText } from './pdf-text.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId: number;
let paracetamol: string;
const today = clinicDay('Asia/Jakarta');
const year = today.slice(0, 4);

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who?: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: who ? { authorization: tokens[who] } : {},
    payload,
  });

let nikSerial = 8100;
/**
 * A patient registered for dokter (at clinic 10 unless told) today, called in, the note opened,
 * saved and (unless told) signed: letters are written from signed notes.
 */
async function noteFor(name: string, over: object = {}, options: { clinicId?: number; sign?: boolean } = {}) {
  const clinicId = options.clinicId ?? 10;
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name,
    sex: 'F',
    dob: '14/08/1990',
    nik: `317106540890${String(nikSerial++).padStart(4, '0')}`,
    address: 'Jl. Kenari II No. 5, Salemba',
  });
  if (patient.statusCode !== 200) throw new Error(patient.body);
  const registered = await call('POST', '/registrations/registrations', 'superadmin', {
    clinicId,
    patientId: json(patient).data.uid,
    orderType: 'doctor',
    doctorId: dokterId,
    payerType: 'self',
    complaint: 'Demam dan batuk 2 hari',
  });
  if (registered.statusCode !== 200) throw new Error(registered.body);
  const registration = json(registered).data;
  await call('PATCH', `/registrations/registrations/${registration._id}`, 'dokter', {
    clinicId,
    updateField: { status: 'Examination' },
  });
  const opened = json(
    await call('POST', '/consultations/encounters', 'dokter', { registrationId: registration._id }),
  ).data;
  const saved = await call('PUT', `/consultations/encounters/${opened.uid}`, 'dokter', {
    systolic: 120,
    diastolic: 80,
    pulse: 84,
    respiratoryRate: 18,
    temperature: 38.2,
    spo2: 98,
    weight: 55,
    height: 160,
    subjective: 'Demam dan batuk 2 hari',
    objective: 'Faring hiperemis, paru bersih',
    assessment: 'ISPA',
    plan: 'Simtomatik, istirahat',
    diagnoses: [{ code: 'J06.9', title: 'Infeksi saluran pernapasan atas akut', primary: true }],
    procedures: [],
    prescription: [],
    orders: [],
    referral: null,
    ...over,
    version: opened.version,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  let encounter = json(saved).data;
  if (options.sign ?? true) {
    const signed = await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'dokter', {
      version: encounter.version,
    });
    if (signed.statusCode !== 200) throw new Error(signed.body);
    encounter = json(await call('GET', `/consultations/encounters/${encounter.uid}`, 'dokter')).data;
  }
  return { patientUid: json(patient).data.uid as string, encounter };
}

const sick = (encounterId: string, over: object = {}) => ({
  kind: 'sick',
  encounterId,
  restFrom: today,
  restDays: 3,
  ...over,
});
const health = (encounterId: string, over: object = {}) => ({
  kind: 'health',
  encounterId,
  purpose: 'Melamar pekerjaan',
  healthy: true,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['emr', 'doctor']);
  for (const u of ['superadmin', 'admin', 'pendaftaran', 'dokter', 'dokter2', 'perawat', 'kasir'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  const dokter = await userByName(db, 'dokter');
  dokterId = dokter.doctorId!;
  await practisesToday(db, dokterId, 10);
  await practisesToday(db, dokterId, 11);
  await ensureCodes(db);
  paracetamol = await aDrug(db, dokter.corpId);
});
afterAll(() => ctx.close());

describe('writing letters', () => {
  it('numbers health certificates and sick-leave letters apart, in sequence per clinic and year', async () => {
    const { encounter } = await noteFor('Ratna Sari Dewi');
    const first = await call('POST', '/consultations/letters', 'dokter', health(encounter.uid));
    expect(first.statusCode).toBe(200);
    expect(json(first).message).toBe(`Surat SKS/10/${year}/00001 dibuat`);
    expect(json(first).data).toMatchObject({
      kind: 'health',
      number: `SKS/10/${year}/00001`,
      encounterId: encounter.uid,
      patient: { name: 'Ratna Sari Dewi' },
      clinic: { id: 10 },
      doctorName: 'dr. Alexander Wijaya',
      visitDate: today,
      purpose: 'Melamar pekerjaan',
      healthy: true,
    });
    // a nurse holds the examination menu but issues no letter in a doctor's name; nothing is numbered
    const nurse = await call(
      'POST',
      '/consultations/letters',
      'perawat',
      health(encounter.uid, { healthy: false }),
    );
    expect(nurse.statusCode).toBe(403);
    expect(json(nurse).message).toBe('Hanya dokter yang dapat menandatangani catatan pemeriksaan');
    const second = json(
      await call('POST', '/consultations/letters', 'dokter', health(encounter.uid, { healthy: false })),
    );
    expect(second.data.number).toBe(`SKS/10/${year}/00002`);
    const leave = json(await call('POST', '/consultations/letters', 'dokter', sick(encounter.uid)));
    expect(leave.data).toMatchObject({
      kind: 'sick',
      number: `SKT/10/${year}/00001`,
      restFrom: today,
      restDays: 3,
    });
    const until = new Date(`${today}T00:00:00Z`);
    until.setUTCDate(until.getUTCDate() + 2);
    expect(leave.data.restUntil).toBe(until.toISOString().slice(0, 10));
  });

  it('refuses a letter without what it needs, with the message next to the field, writing nothing', async () => {
    const { encounter } = await noteFor('Bambang Sutrisno');
    const cases: [object, string, string][] = [
      [health(encounter.uid, { purpose: ' ' }), 'purpose', 'Isi keperluan surat'],
      [
        health(encounter.uid, { healthy: null }),
        'healthy',
        'Pilih hasil pemeriksaan: sehat atau tidak sehat',
      ],
      [sick(encounter.uid, { restFrom: null }), 'restFrom', 'Isi tanggal mulai istirahat'],
      [sick(encounter.uid, { restDays: 15 }), 'restDays', 'Lama istirahat 1–14 hari'],
      [sick(encounter.uid, { restDays: null }), 'restDays', 'Lama istirahat 1–14 hari'],
      [sick(encounter.uid, { restFrom: '2026-02-31' }), 'restFrom', 'Tanggal mulai istirahat tidak valid'],
      [
        { kind: 'referral', encounterId: encounter.uid },
        'kind',
        'Surat rujukan dibuat dari catatan pemeriksaan saat pemeriksaan diselesaikan',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await call('POST', '/consultations/letters', 'dokter', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).errors).toContainEqual({ path, message });
    }
    const list = json(await call('GET', `/consultations/letters?encounterId=${encounter.uid}`, 'dokter'));
    expect(list.data.totalDocs).toBe(0);
    const missing = await call('POST', '/consultations/letters', 'dokter', health('tidak-ada'));
    expect(missing.statusCode).toBe(404);
  });

  it('lists the letters of a visit and of a patient, newest first', async () => {
    const { encounter, patientUid } = await noteFor('Citra Lestari');
    const a = json(await call('POST', '/consultations/letters', 'dokter', health(encounter.uid))).data;
    const b = json(await call('POST', '/consultations/letters', 'dokter', sick(encounter.uid))).data;
    const byVisit = json(
      await call('GET', `/consultations/letters?encounterId=${encounter.uid}`, 'dokter'),
    ).data;
    expect(byVisit.docs.map((l: { uid: string }) => l.uid)).toEqual([b.uid, a.uid]);
    const byPatient = json(
      await call('GET', `/consultations/letters?patientId=${patientUid}&limit=1`, 'dokter'),
    ).data;
    expect(byPatient).toMatchObject({ totalDocs: 2, totalPages: 2, page: 1 });
    expect(byPatient.docs[0].uid).toBe(b.uid);
    // the encounter answers its letters too
    const read = json(await call('GET', `/consultations/encounters/${encounter.uid}`, 'dokter')).data;
    expect(read.letters.map((l: { number: string }) => l.number).sort()).toEqual([a.number, b.number].sort());
  });
});

describe('printing', () => {
  it('prints a sick-leave letter as an A4 PDF saying who must rest, from when to when', async () => {
    const { encounter, patientUid } = await noteFor('Ñoman Ā. Žaki Putri');
    const letter = json(await call('POST', '/consultations/letters', 'dokter', sick(encounter.uid))).data;
    const res = await call('GET', `/consultations/letters/${letter.uid}/pdf`, 'dokter');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="SKT-10-${year}-${letter.number.slice(-5)}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('SURAT KETERANGAN SAKIT');
    expect(text).toContain(`Nomor: ${letter.number}`);
    expect(text).toContain('Ny. Ñoman Ā. Žaki Putri');
    expect(text).toContain('Klinik Pratama Klinikita Menteng');
    expect(text).toMatch(/Yang bertanda tangan di bawah ini, dokter dr\. Alexander Wijaya/);
    expect(text).toMatch(/3 \(tiga\)/);
    expect(text).toContain(
      `Jakarta Pusat, ${new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`))}`,
    );
    expect(text).toContain('dr. Alexander Wijaya');
    expect(pdfPages(res.rawPayload)).toBe(1);

    // the letter keeps what it said: a later change of the patient's name does not reach it
    await ctx.database.db.update(patients).set({ name: 'Nama Baru' }).where(eq(patients.uid, patientUid));
    const again = pdfText(
      (await call('GET', `/consultations/letters/${letter.uid}/pdf`, 'dokter')).rawPayload,
    );
    expect(again).toContain('Ñoman Ā. Žaki Putri');
    expect(again).not.toContain('Nama Baru');
  });

  it('prints a health certificate with the vitals and the verdict', async () => {
    const { encounter } = await noteFor('Dewi Anggraini');
    const letter = json(
      await call(
        'POST',
        '/consultations/letters',
        'dokter',
        health(encounter.uid, { healthy: false, notes: 'Kontrol ulang 1 minggu' }),
      ),
    ).data;
    const text = pdfText(
      (await call('GET', `/consultations/letters/${letter.uid}/pdf`, 'dokter')).rawPayload,
    );
    expect(text).toContain('SURAT KETERANGAN SEHAT');
    expect(text).toContain('Dewi Anggraini');
    expect(text).toContain('120/80 mmHg');
    expect(text).toContain('TIDAK SEHAT');
    expect(text).toContain('Melamar pekerjaan');
    expect(text).toContain('Kontrol ulang 1 minggu');
  });

  it('prints the signed visit: vitals, SOAP, codes, the compounded prescription, the referral and its letter', async () => {
    const { encounter } = await noteFor(
      'Eko Prasetyo',
      {
        prescription: [
          {
            kind: 'drug',
            drugId: paracetamol,
            name: 'Paracetamol 500 mg',
            dose: '1 tablet',
            frequency: '3x sehari',
            route: 'oral',
            durationDays: 3,
            quantity: 9,
            unit: 'tablet',
          },
          {
            kind: 'compound',
            name: 'Racikan batuk',
            ingredients: [
              { name: 'Ambroxol', amount: '15 mg' },
              { name: 'CTM', amount: '1 mg' },
            ],
            compoundForm: 'puyer',
            dose: '1 bungkus',
            frequency: '3x sehari',
            route: 'oral',
            durationDays: null,
            quantity: 10,
            unit: 'bungkus',
          },
        ],
        referral: {
          facility: 'RSUD Tarakan',
          specialty: 'Paru',
          reason: 'Curiga pneumonia, perlu foto thorax',
        },
      },
      { sign: false },
    );
    const finished = await call('POST', `/consultations/encounters/${encounter.uid}/finish`, 'dokter', {
      version: encounter.version,
    });
    expect(finished.statusCode).toBe(200);
    // the referral letter comes from the encounter.finished event
    await ctx.app.outbox.drain();

    const res = await call('GET', `/consultations/encounters/${encounter.uid}/pdf`, 'dokter');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="kunjungan-.+\.pdf"$/);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'RINGKASAN KUNJUNGAN PASIEN',
      'Eko Prasetyo',
      '120/80 mmHg',
      'Faring hiperemis, paru bersih',
      'J06.9',
      'Paracetamol 500 mg',
      'Racikan batuk',
      '• Ambroxol 15 mg',
      '• CTM 1 mg',
      'RSUD Tarakan',
      'Ditandatangani secara elektronik oleh',
    ])
      expect(text).toContain(expected);

    // the event's consumer wrote the referral letter; it prints as one
    const letters = json(
      await call('GET', `/consultations/letters?encounterId=${encounter.uid}`, 'dokter'),
    ).data;
    const referral = letters.docs.find((l: { kind: string }) => l.kind === 'referral');
    expect(referral.number).toMatch(new RegExp(`^RUJ/10/${year}/\\d{5}$`));
    const letterText = pdfText(
      (await call('GET', `/consultations/letters/${referral.uid}/pdf`, 'dokter')).rawPayload,
    );
    expect(letterText).toContain('SURAT RUJUKAN');
    expect(letterText).toContain('di RSUD Tarakan');
    expect(letterText).toContain('Eko Prasetyo');
    expect(letterText).toContain('Curiga pneumonia, perlu foto thorax');
    expect(letterText).toContain('J06.9');
  });

  it('writes the referral letter in the consumer’s transaction, numbered and with the note as it is', async () => {
    const { encounter } = await noteFor(
      'Indah Permatasari',
      { referral: { facility: 'RS Cipto Mangunkusumo', specialty: null, reason: 'Evaluasi lanjut' } },
      { sign: false },
    );
    const db = ctx.database.db;
    const [row] = await db.select().from(encounters).where(eq(encounters.uid, encounter.uid));
    const user = await userByName(db, 'dokter');
    const letter = await db.transaction((tx) =>
      createReferralLetter(tx, {
        corpId: row.corpId,
        clinicId: row.clinicId,
        patientId: row.patientId,
        encounterId: row.id,
        userId: user.id,
        referral: row.referral!,
        ip: '127.0.0.1',
      }),
    );
    expect(letter).toMatchObject({
      kind: 'referral',
      encounterId: encounter.uid,
      referral: { facility: 'RS Cipto Mangunkusumo', reason: 'Evaluasi lanjut' },
      doctorName: 'dr. Alexander Wijaya',
    });
    expect(letter.number).toMatch(new RegExp(`^RUJ/10/${year}/\\d{5}$`));
    const text = pdfText(
      (await call('GET', `/consultations/letters/${letter.uid}/pdf`, 'dokter')).rawPayload,
    );
    expect(text).toContain('Teman Sejawat');
    expect(text).toContain('di RS Cipto Mangunkusumo');
    expect(text).toContain('Demam dan batuk 2 hari');
    // a visit of another clinic is refused, nothing written
    await expect(
      db.transaction((tx) =>
        createReferralLetter(tx, {
          corpId: row.corpId,
          clinicId: 11,
          patientId: row.patientId,
          encounterId: row.id,
          userId: user.id,
          referral: row.referral!,
        }),
      ),
    ).rejects.toThrow('letters.encounterNotFound');
  });

  it('audits every print with the patient', async () => {
    const { encounter } = await noteFor('Fajar Nugroho');
    const letter = json(await call('POST', '/consultations/letters', 'dokter', sick(encounter.uid))).data;
    await call('GET', `/consultations/letters/${letter.uid}/pdf`, 'dokter');
    await call('GET', `/consultations/encounters/${encounter.uid}/pdf`, 'perawat');
    const db = ctx.database.db;
    const [patient] = await db.select().from(patients).where(eq(patients.name, 'Fajar Nugroho'));
    const rows = await db
      .select({ action: auditLog.action, entityId: auditLog.entityId, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.patientId, patient.id)));
    const dokter = await userByName(db, 'dokter');
    const perawat = await userByName(db, 'perawat');
    expect(rows).toContainEqual({ action: 'letter.create', entityId: letter.uid, userId: dokter.id });
    expect(rows).toContainEqual({ action: 'letter.print', entityId: letter.uid, userId: dokter.id });
    expect(rows).toContainEqual({ action: 'encounter.print', entityId: encounter.uid, userId: perawat.id });
    // the audit screen finds them by action
    const logs = json(await call('GET', '/audit/logs?action=letter.print', 'superadmin')).data;
    expect(logs.docs.some((e: { entityId: string }) => e.entityId === letter.uid)).toBe(true);
  });
});

describe('who may write and print', () => {
  it('refuses the cashier, a non-clinical admin, another clinic and another corporate', async () => {
    const { encounter, patientUid } = await noteFor('Gita Permata');
    const letter = json(await call('POST', '/consultations/letters', 'dokter', sick(encounter.uid))).data;
    const prints = [
      `/consultations/letters/${letter.uid}/pdf`,
      `/consultations/encounters/${encounter.uid}/pdf`,
    ];
    const list = `/consultations/letters?patientId=${patientUid}`;
    // kasir, the admin and the front office hold none of the menus or are not clinical
    for (const who of ['kasir', 'admin', 'pendaftaran']) {
      for (const url of [...prints, list])
        expect((await call('GET', url, who)).statusCode, `${who} ${url}`).toBe(403);
      expect((await call('POST', '/consultations/letters', who, sick(encounter.uid))).statusCode, who).toBe(
        403,
      );
    }
    // dokter2 works at clinics 11 and 12 only: clinic 10's visit is not hers to print or write from
    for (const url of prints) expect((await call('GET', url, 'dokter2')).statusCode, url).toBe(403);
    expect((await call('POST', '/consultations/letters', 'dokter2', sick(encounter.uid))).statusCode).toBe(
      403,
    );
    expect(json(await call('GET', list, 'dokter2')).data.totalDocs).toBe(0);
    // the other corporate's admin, even with the menus, reads nothing of ours
    for (const url of prints) expect((await call('GET', url, 'adminlain')).statusCode).toBe(403);
    const db = ctx.database.db;
    const [patient] = await db.select().from(patients).where(eq(patients.uid, patientUid));
    const printed = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, patient.id), eq(auditLog.action, 'letter.print')));
    expect(printed).toHaveLength(0);
    expect(json(await call('GET', list, 'dokter')).data.totalDocs).toBe(1);
  });

  it('hides a clinic-10 letter from a doctor of other clinics in the list', async () => {
    const { encounter } = await noteFor('Hana Wijaya');
    await call('POST', '/consultations/letters', 'dokter', sick(encounter.uid));
    const res = await call('GET', '/consultations/letters', 'dokter2');
    expect(res.statusCode).toBe(200);
    expect(json(res).data.docs.every((l: { clinic: { id: number } }) => l.clinic.id !== 10)).toBe(true);
  });
});

describe('a letter in the issuing doctor’s own name, from a signed visit, with dates that fit (issue 13 item 7)', () => {
  const lettersOf = async (encounterUid: string) =>
    json(await call('GET', `/consultations/letters?encounterId=${encounterUid}`, 'dokter')).data.totalDocs;

  it('writes nothing from a draft, and nothing for a nurse', async () => {
    const { encounter } = await noteFor('Joko Susilo', {}, { sign: false });
    const draft = await call('POST', '/consultations/letters', 'dokter', sick(encounter.uid));
    expect(draft.statusCode).toBe(409);
    expect(json(draft).errors).toEqual([
      {
        path: 'encounterId',
        message: 'Surat hanya dapat dibuat dari catatan pemeriksaan yang sudah ditandatangani dokter',
      },
    ]);
    const signed = await noteFor('Joko Santoso');
    for (const uid of [encounter.uid, signed.encounter.uid]) {
      const nurse = await call('POST', '/consultations/letters', 'perawat', sick(uid));
      expect(nurse.statusCode).toBe(403);
      expect(json(nurse).message).toBe('Hanya dokter yang dapat menandatangani catatan pemeriksaan');
    }
    expect(await lettersOf(encounter.uid)).toBe(0);
    expect(await lettersOf(signed.encounter.uid)).toBe(0);
  });

  it('a colleague at the visit’s clinic signs in her own name, never the examining doctor’s', async () => {
    // dokter examines at clinic 11, where dokter2 practises too
    const { encounter } = await noteFor('Kartika Sari', {}, { clinicId: 11 });
    const res = await call('POST', '/consultations/letters', 'dokter2', sick(encounter.uid));
    expect(res.statusCode).toBe(200);
    const letter = json(res).data;
    expect(letter.doctorName).toBe('dr. Sari Dewi, Sp.PD');
    const text = pdfText(
      (await call('GET', `/consultations/letters/${letter.uid}/pdf`, 'dokter2')).rawPayload,
    );
    expect(text).toContain('Yang bertanda tangan di bawah ini, dokter dr. Sari Dewi, Sp.PD');
    expect(text).not.toContain('Alexander Wijaya');
    // the examining doctor's own letter names him
    const own = json(await call('POST', '/consultations/letters', 'dokter', health(encounter.uid))).data;
    expect(own.doctorName).toBe('dr. Alexander Wijaya');
  });

  it('a sick leave starts on the visit day or the day after and lasts at most 14 days', async () => {
    const { encounter } = await noteFor('Lina Marlina');
    const before = 'Istirahat tidak dapat dimulai sebelum tanggal kunjungan';
    const late = 'Istirahat dimulai pada tanggal kunjungan atau sehari sesudahnya';
    const cases: [object, string, string][] = [
      [{ restFrom: '2001-01-01' }, 'restFrom', before],
      [{ restFrom: addDays(today, -1) }, 'restFrom', before],
      [{ restFrom: addDays(today, 2) }, 'restFrom', late],
      [{ restFrom: '2099-12-31' }, 'restFrom', late],
      [{ restDays: 15 }, 'restDays', 'Lama istirahat 1–14 hari'],
      [{ restDays: 0 }, 'restDays', 'Lama istirahat 1–14 hari'],
    ];
    for (const [over, path, message] of cases) {
      const res = await call('POST', '/consultations/letters', 'dokter', sick(encounter.uid, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(json(res).errors).toContainEqual({ path, message });
    }
    expect(await lettersOf(encounter.uid)).toBe(0);
    const longest = await call(
      'POST',
      '/consultations/letters',
      'dokter',
      sick(encounter.uid, { restFrom: addDays(today, 1), restDays: 14 }),
    );
    expect(longest.statusCode).toBe(200);
    expect(json(longest).data).toMatchObject({
      restFrom: addDays(today, 1),
      restDays: 14,
      restUntil: addDays(today, 14),
      visitDate: today,
    });
  });

  it('a user whose doctor no longer practises at the visit’s clinic writes nothing there', async () => {
    const { encounter } = await noteFor('Nina Kurnia', {}, { clinicId: 11 });
    const db = ctx.database.db;
    const dokter2 = await userByName(db, 'dokter2');
    // dokter2's login stays at clinic 11 (her home clinic), her practice there ends
    const where = and(eq(doctorClinics.doctorId, dokter2.doctorId!), eq(doctorClinics.clinicId, 11));
    const [practice] = await db.select().from(doctorClinics).where(where);
    await db.delete(doctorClinics).where(where);
    try {
      const res = await call('POST', '/consultations/letters', 'dokter2', health(encounter.uid));
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toBe(
        'Surat hanya dapat dibuat oleh dokter yang berpraktik di klinik kunjungan ini',
      );
      expect(await lettersOf(encounter.uid)).toBe(0);
    } finally {
      await db.insert(doctorClinics).values(practice);
    }
  });

  it('writes nothing from a visit whose day has not come', async () => {
    const { encounter } = await noteFor('Maya Puspita');
    const db = ctx.database.db;
    const [row] = await db.select().from(encounters).where(eq(encounters.uid, encounter.uid));
    await db
      .update(registrations)
      .set({ queueDate: addDays(today, 3) })
      .where(eq(registrations.id, row.registrationId));
    const res = await call('POST', '/consultations/letters', 'dokter', health(encounter.uid));
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Tanggal kunjungan belum tiba; surat belum dapat dibuat');
    expect(await lettersOf(encounter.uid)).toBe(0);
  });
});
