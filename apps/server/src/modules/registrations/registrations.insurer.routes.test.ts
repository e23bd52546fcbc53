import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients, registrations } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { emit } from '../../events/outbox.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { takeInOrders } from './registrations.service.ts';

/**
 * The insurer and eligibility the front office notes when it registers an insurance or BPJS visit
 * (issue 18 §6), through the API on a real database: the insurer of the master with the member
 * number and the eligibility checked, stored as the eligibility route stores them, in the
 * registration's transaction; the bill then splits by that insurer's terms. An unknown, inactive,
 * other corporate's or wrong-kind insurer is refused 400 naming the field and nothing is written;
 * a cash visit and an old client's free-text insurer name are as before.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let nik = 6300;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });
const must = async (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) => {
  const res = await call(method, url, who, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return json(res).data;
};
const errorsOf = (res: { body: string }) =>
  Object.fromEntries(
    (JSON.parse(res.body).errors ?? []).map((e: { path: string; message: string }) => [e.path, e.message]),
  );

async function newPatient(): Promise<string> {
  const patient = await must('POST', '/patients', 'superadmin', {
    clinicId: 10,
    name: `Pasien Penjamin ${nik}`,
    sex: 'F',
    dob: '07/08/1988',
    nik: `317105070888${String(nik++).padStart(4, '0')}`,
  });
  return patient.uid;
}

const register = (patientUid: string, payer: object) =>
  call('POST', '/registrations/registrations', 'pendaftaran', {
    clinicId: 10,
    patientId: patientUid,
    orderType: 'doctor',
    doctorId: dokterId,
    ...payer,
  });

const visitRowsOf = async (patientUid: string) => {
  const [p] = await ctx.database.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.uid, patientUid));
  return ctx.database.db.select().from(registrations).where(eq(registrations.patientId, p.id));
};

/** A treatment performed on the visit, as the desk publishes it for billing. */
async function performed(visitUid: string, codes: string[]) {
  const [visit] = await ctx.database.db.select().from(registrations).where(eq(registrations.uid, visitUid));
  const sourceUid = randomUUID();
  await emit(ctx.database.db, {
    type: 'service.performed',
    aggregateType: 'treatmentProcedure',
    aggregateId: sourceUid,
    corpId: visit.corpId,
    clinicId: 10,
    payload: {
      registrationId: visitUid,
      corpId: visit.corpId,
      clinicId: 10,
      patientId: visit.patientId,
      serviceType: 'TREATMENT',
      serviceCodes: codes,
      icd9Codes: [],
      sourceUid,
      performedBy: null,
      performedAt: new Date().toISOString(),
    },
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  await addForeignCorporate(ctx.database.db);
  await grantMenus(ctx.database.db, (await userByName(ctx.database.db, 'adminlain')).roleId, [
    'medicalServices',
    'insurance',
  ]);
  for (const who of ['superadmin', 'kasir', 'pendaftaran']) tokens[who] = await loginAs(ctx.app, who);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  await practisesToday(ctx.database.db, dokterId, 10);
}, 120_000);
afterAll(() => ctx?.close());

describe('registering an insured visit with the insurer of the master', () => {
  it('notes the insurer, member number and eligibility, and the bill applies its coverage', async () => {
    const insurer = await must('POST', '/insurers', 'superadmin', {
      name: 'TPA Loket Uji',
      kind: 'tpa',
      copayType: 'fixed',
      copayValue: 20_000,
    });
    const patient = await newPatient();
    const res = await register(patient, {
      payerType: 'insurance',
      insurerUid: insurer.uid,
      insuranceNumber: 'MBR-7788',
      eligibility: {
        status: 'eligible',
        reference: 'GL-2026-0091',
        coveredAmount: 1_500_000,
        note: 'Rawat jalan',
      },
    });
    expect(res.statusCode).toBe(200);
    const visit = json(res).data;
    expect(visit).toMatchObject({
      payerType: 'insurance',
      insuranceName: 'TPA Loket Uji',
      insuranceNumber: 'MBR-7788',
      insurer: { uid: insurer.uid, name: 'TPA Loket Uji', kind: 'tpa' },
      eligibility: {
        status: 'eligible',
        reference: 'GL-2026-0091',
        coveredAmount: 1_500_000,
        note: 'Rawat jalan',
      },
    });
    expect(visit.eligibility.checkedAt).toEqual(expect.any(String));

    // stored as the eligibility route stores it, by the clerk who registered
    const [row] = await visitRowsOf(patient);
    expect(row).toMatchObject({
      insuranceName: 'TPA Loket Uji',
      insuranceNumber: 'MBR-7788',
      eligibilityStatus: 'eligible',
      eligibilityReference: 'GL-2026-0091',
      eligibilityCoveredAmount: 1_500_000,
      eligibilityNote: 'Rawat jalan',
      eligibilityCheckedBy: (await userByName(ctx.database.db, 'pendaftaran')).id,
    });
    expect(row.insurerId).not.toBeNull();
    const [{ n }] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'visit.eligibility'), eq(auditLog.entityId, visit._id)));
    expect(n).toBe(1);

    // the list and the visit read it back
    expect((await must('GET', `/registrations/registrations/${visit._id}`, 'pendaftaran')).insurer.uid).toBe(
      insurer.uid,
    );
    const list = await must('GET', '/registrations/registrations?clinicId=10&limit=100', 'pendaftaran');
    const listed = list.docs.find((r: { _id: string }) => r._id === visit._id);
    expect(listed.eligibility.status).toBe('eligible');

    // the bill is split by the insurer's terms: its fixed co-pay on the patient
    await ctx.database.db
      .update(registrations)
      .set({ status: 'Payment' })
      .where(eq(registrations.uid, visit._id));
    await performed(visit._id, ['TND-HECT']);
    const bill = await must('GET', `/billing/visits/${visit._id}/bill`, 'kasir');
    expect(bill.payerName).toBe('TPA Loket Uji');
    expect(bill.totals.net).toBeGreaterThan(20_000);
    expect(bill.totals.patientPortion).toBe(20_000);
    expect(bill.totals.payerPortion).toBe(bill.totals.net - 20_000);
  });

  it('caps the insurer’s share of the bill at the covered amount of the eligibility', async () => {
    const admedika = (await must('GET', '/insurers?kind=tpa&search=admedika', 'pendaftaran')).docs[0];
    const res = await register(await newPatient(), {
      payerType: 'insurance',
      insurerUid: admedika.uid,
      insuranceNumber: 'ADM-3301',
      eligibility: { status: 'eligible', reference: 'GL-PLAFON-1', coveredAmount: 40_000 },
    });
    expect(res.statusCode).toBe(200);
    const visit = json(res).data;
    await ctx.database.db
      .update(registrations)
      .set({ status: 'Payment' })
      .where(eq(registrations.uid, visit._id));
    await performed(visit._id, ['TND-HECT']);
    const bill = await must('GET', `/billing/visits/${visit._id}/bill`, 'kasir');
    expect(bill.payerName).toBe(admedika.name);
    // AdMedika's own terms (25 000 co-pay, 750 000 a visit) would leave the insurer more than the plafon
    expect(bill.totals.net - 25_000).toBeGreaterThan(40_000);
    expect(bill.totals.payerPortion).toBe(40_000);
    expect(bill.totals.patientPortion).toBe(bill.totals.net - 40_000);
  });

  it('gives the visits made from the doctor’s orders the insurer and eligibility of the doctor’s visit', async () => {
    const admedika = (await must('GET', '/insurers?kind=tpa&search=admedika', 'pendaftaran')).docs[0];
    const patient = await newPatient();
    const res = await register(patient, {
      payerType: 'insurance',
      insurerUid: admedika.uid,
      insuranceNumber: 'ADM-3302',
      eligibility: { status: 'eligible', reference: 'GL-ORDER-1', coveredAmount: 30_000 },
    });
    expect(res.statusCode).toBe(200);
    const visit = json(res).data;
    const [doctorVisit] = await visitRowsOf(patient);
    const dokter = await userByName(ctx.database.db, 'dokter');
    // the doctor signs the note with a lab order, as `encounter.finished` carries it
    await ctx.database.db.transaction((tx) =>
      takeInOrders(tx, {
        encounterUid: `enc-${visit._id}`,
        encounterId: 1,
        registrationUid: visit._id,
        corpId: doctorVisit.corpId,
        clinicId: 10,
        patientId: doctorVisit.patientId,
        patientUid: patient,
        doctorId: dokterId,
        doctorName: 'dr. Alexander Wijaya',
        actor: { userId: dokter.id, ip: null },
        payer: {
          payerType: 'insurance',
          companyId: null,
          insuranceName: visit.insuranceName,
          insuranceNumber: visit.insuranceNumber,
        },
        orders: [{ uid: `order-${visit._id}`, serviceType: 'LAB', items: ['Darah lengkap'], note: null }],
        referral: null,
        prescriptionUid: null,
        nextStatus: 'Payment',
      }),
    );
    const labRow = (await visitRowsOf(patient)).find((r) => r.serviceOrderUid === `order-${visit._id}`);
    expect(labRow).toMatchObject({
      orderType: 'service',
      payerType: 'insurance',
      insuranceName: admedika.name,
      insuranceNumber: 'ADM-3302',
      insurerId: doctorVisit.insurerId,
      eligibilityStatus: 'eligible',
      eligibilityReference: 'GL-ORDER-1',
      eligibilityCoveredAmount: 30_000,
      eligibilityCheckedBy: doctorVisit.eligibilityCheckedBy,
    });
    // (the lab may be a sister clinic's, outside the front office's scope)
    const lab = await must('GET', `/registrations/registrations/${labRow!.uid}`, 'superadmin');
    expect(lab).toMatchObject({
      insurer: { uid: admedika.uid },
      eligibility: { status: 'eligible', coveredAmount: 30_000 },
    });

    // the lab visit's bill is split by the insurer's terms under the plafon
    await ctx.database.db
      .update(registrations)
      .set({ status: 'Payment' })
      .where(eq(registrations.id, labRow!.id));
    await performed(labRow!.uid, ['TND-HECT']);
    const bill = await must('GET', `/billing/visits/${labRow!.uid}/bill`, 'superadmin');
    expect(bill.payerName).toBe(admedika.name);
    expect(bill.totals.net - 25_000).toBeGreaterThan(30_000);
    expect(bill.totals.payerPortion).toBe(30_000);
    expect(bill.totals.patientPortion).toBe(bill.totals.net - 30_000);
  });

  it('notes a BPJS visit with its insurer and eligibility not checked yet', async () => {
    const bpjs = (await must('GET', '/insurers?kind=bpjs&active=true', 'pendaftaran')).docs[0];
    const res = await register(await newPatient(), {
      payerType: 'bpjs',
      insurerUid: bpjs.uid,
      insuranceNumber: '0001234567890',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      payerType: 'bpjs',
      insuranceName: bpjs.name,
      insuranceNumber: '0001234567890',
      insurer: { uid: bpjs.uid, kind: 'bpjs' },
      eligibility: null,
    });
  });

  it('refuses an unknown, inactive, other corporate’s or wrong-kind insurer with 400 and writes nothing', async () => {
    const inactive = await must('POST', '/insurers', 'superadmin', { name: 'Asuransi Tutup Uji' });
    await must('POST', `/insurers/${inactive.uid}/deactivate`, 'superadmin');
    const theirs = await must('POST', '/insurers', 'adminlain', { name: 'Asuransi Korporat Lain' });
    const bpjs = (await must('GET', '/insurers?kind=bpjs', 'pendaftaran')).docs[0];
    const tpa = (await must('GET', '/insurers?kind=tpa&search=admedika', 'pendaftaran')).docs[0];
    const eligibility = { status: 'eligible' };
    const cases: [object, string][] = [
      [{ payerType: 'insurance', insurerUid: 'tidak-ada', eligibility }, 'Penjamin tidak ditemukan'],
      [{ payerType: 'insurance', insurerUid: inactive.uid, eligibility }, 'Penjamin tidak aktif'],
      [{ payerType: 'insurance', insurerUid: theirs.uid, eligibility }, 'Penjamin tidak ditemukan'],
      [
        { payerType: 'insurance', insurerUid: bpjs.uid },
        'Penjamin tidak sesuai dengan jenis penjamin kunjungan',
      ],
      [{ payerType: 'bpjs', insurerUid: tpa.uid }, 'Penjamin tidak sesuai dengan jenis penjamin kunjungan'],
    ];
    for (const [payer, message] of cases) {
      const patient = await newPatient();
      const res = await register(patient, payer);
      expect(res.statusCode, JSON.stringify(payer)).toBe(400);
      expect(errorsOf(res)).toEqual({ insurerUid: message });
      expect(await visitRowsOf(patient)).toEqual([]);
    }
  });

  it('names the fields of a wrong eligibility and of an insurer on a cash visit', async () => {
    const tpa = (await must('GET', '/insurers?kind=tpa&search=admedika', 'pendaftaran')).docs[0];
    const patient = await newPatient();
    const bad = await register(patient, {
      payerType: 'insurance',
      insurerUid: tpa.uid,
      eligibility: { status: 'ya', coveredAmount: 12.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toMatchObject({
      'eligibility.status': 'Status eligibilitas wajib dipilih',
      'eligibility.coveredAmount': 'Nominal harus bilangan bulat rupiah, mulai 0',
    });
    const cash = await register(patient, { payerType: 'self', insurerUid: tpa.uid });
    expect(cash.statusCode).toBe(400);
    expect(errorsOf(cash)).toEqual({
      insurerUid: 'Penjamin dari master hanya untuk kunjungan asuransi atau BPJS',
    });
    const noInsurer = await register(patient, {
      payerType: 'insurance',
      eligibility: { status: 'eligible' },
    });
    expect(errorsOf(noInsurer)).toMatchObject({ insurerUid: 'Penjamin wajib dipilih' });
    expect(await visitRowsOf(patient)).toEqual([]);
  });
});

describe('registrations without the insurer of the master', () => {
  it('registers a cash visit as before', async () => {
    const res = await register(await newPatient(), { payerType: 'self' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      payerType: 'self',
      insuranceName: null,
      insuranceNumber: null,
      insurer: null,
      eligibility: null,
    });
  });

  it('keeps an old client’s free-text insurer name', async () => {
    const patient = await newPatient();
    const res = await register(patient, {
      payerType: 'insurance',
      insuranceName: 'Asuransi Teks Bebas',
      insuranceNumber: 'POL-55',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      insuranceName: 'Asuransi Teks Bebas',
      insuranceNumber: 'POL-55',
      insurer: null,
      eligibility: null,
    });
    const [row] = await visitRowsOf(patient);
    expect(row.insurerId).toBeNull();
    // and an insurance visit with neither still names the field
    const none = await register(await newPatient(), { payerType: 'insurance' });
    expect(errorsOf(none)).toEqual({ insuranceName: 'Nama asuransi wajib diisi untuk penjamin asuransi' });
  });
});
