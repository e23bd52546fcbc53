import type { TreatmentVisit, TreatmentVisitItem } from '@klinikita/domain/treatment/treatment.schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, treatmentProcedures } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { aDrug, ensureCodes } from '../../test/visit-fixtures.ts';

/**
 * The treatment room: the front office sends a patient to Tindakan, the nurse (treatment menu)
 * finds the visit on the day's worklist, records a nebulisation with its consumables (once, however
 * often the save is sent), voids a wrong entry with a reason; each procedure emits
 * service.performed with its catalogue code and ICD-9-CM code.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let corpId: number;

const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object, language?: string) =>
  ctx.app.inject({
    method,
    url: `${API}${url}`,
    headers: { authorization: tokens[who], ...(language ? { 'accept-language': language } : {}) },
    payload,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await ensureCodes(db);
  corpId = (await userByName(db, 'perawat')).corpId;
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['medicalServices', 'treatment']);
  for (const u of ['superadmin', 'pendaftaran', 'perawat', 'kasir']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

async function treatmentVisit() {
  const p = await call('POST', '/patients', 'superadmin', {
    clinicId: 10,
    name: 'Pasien Tindakan Uji',
    sex: 'M',
    dob: '11/11/1990',
    nik: '3171061111900042',
    allergies: 'Penisilin',
  });
  if (p.statusCode !== 200) throw new Error(p.body);
  const patient = json(p).data as { uid: string; mrn: string };
  const r = await call('POST', '/registrations/registrations', 'pendaftaran', {
    clinicId: 10,
    patientId: patient.uid,
    orderType: 'service',
    serviceType: 'TREATMENT',
    payerType: 'self',
    complaint: 'Nebulisasi',
  });
  if (r.statusCode !== 200) throw new Error(r.body);
  return { patient, visitId: (json(r).data as { _id: string })._id };
}

describe('the treatment room', () => {
  let visit: Awaited<ReturnType<typeof treatmentVisit>>;
  let options: {
    procedures: { uid: string; code: string; icd9Code: string | null }[];
    performers: { uid: string; name: string }[];
  };
  let drugUid: string;

  beforeAll(async () => {
    visit = await treatmentVisit();
    drugUid = await aDrug(ctx.database.db, corpId, 'Salbutamol Nebule');
    options = json(await call('GET', '/treatment/options?clinicId=10', 'perawat')).data;
  });

  it('lists today’s treatment visits of the clinic, searchable', async () => {
    const res = await call('GET', `/treatment/visits?clinicId=10&search=${visit.patient.mrn}`, 'perawat');
    expect(res.statusCode, res.body).toBe(200);
    const page = json(res).data as { docs: TreatmentVisitItem[]; totalDocs: number };
    expect(page.totalDocs).toBe(1);
    expect(page.docs[0]).toMatchObject({
      registrationId: visit.visitId,
      orderText: 'Nebulisasi',
      procedures: 0,
    });
    const all = json(await call('GET', '/treatment/visits?clinicId=10', 'perawat')).data as {
      totalDocs: number;
    };
    expect(all.totalDocs).toBeGreaterThan(1);
    const badDate = await call('GET', '/treatment/visits?clinicId=10&date=01/01/2026', 'perawat');
    expect(badDate.statusCode).toBe(400);
    const otherDay = await call('GET', '/treatment/visits?clinicId=10&date=2026-01-01', 'perawat');
    expect(json(otherDay).data.totalDocs).toBe(0);
  });

  it('offers the catalogue’s procedures and the clinic’s staff', () => {
    expect(options.procedures.map((p) => p.code)).toContain('TND-NEBU');
    expect(options.performers.map((p) => p.name)).toContain('Siti Nurhaliza');
  });

  it('records a procedure once however often the save is sent, and emits service.performed', async () => {
    const nebu = options.procedures.find((p) => p.code === 'TND-NEBU')!;
    const body = {
      requestKey: 'key-nebu-0001',
      icd9Code: '93.94',
      serviceUid: nebu.uid,
      consumables: [
        { drugUid, name: 'Salbutamol Nebule', quantity: 1, unit: 'ampul' },
        { name: 'Masker nebulizer', quantity: 1, unit: 'pcs' },
      ],
      notes: 'Sesak berkurang',
    };
    const [a, b] = await Promise.all([
      call('POST', `/treatment/visits/${visit.visitId}/procedures`, 'perawat', body),
      call('POST', `/treatment/visits/${visit.visitId}/procedures`, 'perawat', body),
    ]);
    expect([a.statusCode, b.statusCode], a.body).toEqual([200, 200]);
    const v = json(b).data as TreatmentVisit;
    expect(v.procedures).toHaveLength(1);
    expect(v.procedures[0]).toMatchObject({
      icd9Code: '93.94',
      name: 'Nebulisasi',
      serviceCode: 'TND-NEBU',
      performedBy: 'Siti Nurhaliza',
      consumables: [
        { drugUid, name: 'Salbutamol Nebule', quantity: 1, unit: 'ampul' },
        { drugUid: null, name: 'Masker nebulizer', quantity: 1, unit: 'pcs' },
      ],
      voided: null,
    });
    const [event] = await ctx.database.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(
        and(eq(domainEvents.type, 'service.performed'), eq(domainEvents.aggregateId, v.procedures[0].uid)),
      );
    expect(event.payload).toMatchObject({
      registrationId: visit.visitId,
      serviceType: 'TREATMENT',
      serviceCodes: ['TND-NEBU'],
      icd9Codes: ['93.94'],
    });
  });

  it('refuses bad input in the user’s language and records nothing', async () => {
    const before = (await ctx.database.db.select({ n: count() }).from(treatmentProcedures))[0].n;
    const bad = await call(
      'POST',
      `/treatment/visits/${visit.visitId}/procedures`,
      'perawat',
      {
        requestKey: 'key-bad-00001',
        icd9Code: '',
        consumables: [{ name: 'Kasa', quantity: 0, unit: 'pcs' }],
      },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect((json(bad).errors as { path: string; message: string }[]).map((e) => [e.path, e.message])).toEqual(
      expect.arrayContaining([
        ['icd9Code', 'Pick an ICD-9-CM code'],
        ['consumables.0.quantity', 'Enter a quantity above 0 and at most 1000'],
      ]),
    );
    const unknown = await call('POST', `/treatment/visits/${visit.visitId}/procedures`, 'perawat', {
      requestKey: 'key-bad-00002',
      icd9Code: '00.00',
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).message).toBe('Kode ICD-9-CM 00.00 tidak dikenal');
    const foreignPerformer = await call('POST', `/treatment/visits/${visit.visitId}/procedures`, 'perawat', {
      requestKey: 'key-bad-00003',
      icd9Code: '93.94',
      performerUid: (await userByName(ctx.database.db, 'adminlain')).uid,
    });
    expect(foreignPerformer.statusCode).toBe(400);
    expect((await ctx.database.db.select({ n: count() }).from(treatmentProcedures))[0].n).toBe(before);
  });

  it('voids with a reason, keeps the row, refuses a second void', async () => {
    const v = json(await call('GET', `/treatment/visits/${visit.visitId}`, 'perawat')).data as TreatmentVisit;
    const uid = v.procedures[0].uid;
    expect(
      (await call('POST', `/treatment/procedures/${uid}/void`, 'perawat', { reason: 'x' })).statusCode,
    ).toBe(400);
    const voided = await call('POST', `/treatment/procedures/${uid}/void`, 'perawat', {
      reason: 'Salah pasien',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((json(voided).data as TreatmentVisit).procedures[0].voided).toMatchObject({
      by: 'Siti Nurhaliza',
      reason: 'Salah pasien',
    });
    const [event] = await ctx.database.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'service.voided'), eq(domainEvents.aggregateId, uid)));
    expect(event?.payload).toMatchObject({
      serviceType: 'TREATMENT',
      sourceUid: uid,
      reason: 'Salah pasien',
    });
    expect(
      (await call('POST', `/treatment/procedures/${uid}/void`, 'perawat', { reason: 'Lagi' })).statusCode,
    ).toBe(409);
    const voidEvents = await ctx.database.db
      .select({ n: count() })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'service.voided'), eq(domainEvents.aggregateId, uid)));
    expect(voidEvents[0].n).toBe(1);
    const list = json(
      await call('GET', `/treatment/visits?clinicId=10&search=${visit.patient.mrn}`, 'perawat'),
    ).data;
    expect(list.docs[0].procedures).toBe(0);
  });

  it('keeps the room to its own: no right, another corporate, a non-treatment visit', async () => {
    expect((await call('GET', `/treatment/visits/${visit.visitId}`, 'kasir')).statusCode).toBe(403);
    expect((await call('GET', `/treatment/visits/${visit.visitId}`, 'adminlain')).statusCode).toBe(404);
    const v = json(await call('GET', `/treatment/visits/${visit.visitId}`, 'perawat')).data as TreatmentVisit;
    expect(
      (
        await call('POST', `/treatment/procedures/${v.procedures[0].uid}/void`, 'adminlain', {
          reason: 'Coba coba',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', '/treatment/visits?clinicId=20', 'perawat')).statusCode).toBe(403);
    const lab = await call('POST', '/registrations/registrations', 'pendaftaran', {
      clinicId: 10,
      patientId: visit.patient.uid,
      orderType: 'service',
      serviceType: 'LAB',
      payerType: 'self',
    });
    expect((await call('GET', `/treatment/visits/${json(lab).data._id}`, 'perawat')).statusCode).toBe(409);
  });
});
