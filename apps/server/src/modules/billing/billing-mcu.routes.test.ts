import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { MCU_EVENTS, type McuConclusionApproved } from '@klinikita/domain/mcu/mcu.events';
import { SERVICE_EVENTS } from '@klinikita/domain/services/service-performed.events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clinics,
  partnerCompanies,
  partnerCompanyPrices,
  receivables,
  registrations,
  servicePackageItems,
  servicePrices,
  services,
} from '../../db/schema/index.ts';
import { emit } from '../../events/outbox.ts';
import { newUid } from '../../shared/crypto.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes } from '../../test/visit-fixtures.ts';

/**
 * An MCU visit's bill (issue 20 §7) through the API on a real database: the package charged at
 * the company's contract price from its `service.performed`, its lab test and radiology exam not
 * charged again when released on the visit, a lab test outside the package charged as an add-on,
 * no registration fee beside the package;
 * the approved conclusion posts the bill as the company's receivable (no cashier), once, and the
 * company's payer invoice takes it.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const CLINIC = 11;
const today = clinicDay('Asia/Jakarta');
let corpId = 0;
let company = { id: 0, uid: '' };
let visit = { uid: '', mrn: '', patientId: 0 };
let approver = 0;
const CODES = { pkg: 'MCU-UJI-BILL', hb: 'LAB-UJI-HB', gds: 'LAB-UJI-GDS', tx: 'RAD-UJI-TX' };
const PRICES = { pkg: 500_000, contract: 350_000, hb: 50_000, gds: 40_000, tx: 150_000 };

const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

async function service(code: string, group: string, price: number, isPackage = false) {
  const db = ctx.database.db;
  const [row] = await db
    .insert(services)
    .values({
      uid: newUid(),
      corpId,
      code,
      nameId: `Uji ${code}`,
      nameEn: `Test ${code}`,
      serviceGroup: group,
      unit: isPackage ? 'paket' : 'pemeriksaan',
      isPackage,
    })
    .returning();
  for (const payerClass of ['general', 'company'])
    await db.insert(servicePrices).values({
      uid: newUid(),
      serviceId: row.id,
      payerClass,
      validFrom: addDays(today, -30),
      facilityFee: price,
    });
  return row;
}

const emitOnVisit = (type: string, payload: object) =>
  emit(ctx.database.db, {
    type,
    aggregateType: 'test',
    aggregateId: newUid(),
    corpId,
    clinicId: CLINIC,
    payload,
  });

const approve = (version: number): McuConclusionApproved => ({
  participantUid: 'peserta-uji-1',
  conclusionUid: `kesimpulan-uji-${version}`,
  version,
  registrationId: visit.uid,
  corpId,
  clinicId: CLINIC,
  companyId: company.id,
  patientId: visit.patientId,
  category: 'FIT',
  approvedBy: approver,
  approvedAt: new Date().toISOString(),
});

const billOf = async () => json(await call('GET', `/billing/visits/${visit.uid}/bill`, 'superadmin')).data;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await ensureCodes(db);
  for (const who of ['superadmin', 'kasir']) tokens[who] = await loginAs(ctx.app, who);
  const [clinic] = await db.select().from(clinics).where(eq(clinics.id, CLINIC));
  corpId = clinic.corpId;
  const dokter = await userByName(db, 'dokter');
  approver = dokter.id;
  const [row] = await db
    .insert(partnerCompanies)
    // its employees' care terms exclude MCU and cap a visit (as the demo's PT Maju Bersama
    // Logistik's): they are not the terms of the checkup the company orders
    .values({
      corpId,
      name: 'PT Uji Tagihan MCU',
      code: 'UTM',
      excludedGroups: ['mcu'],
      ceilingPerVisit: 100_000,
    })
    .returning();
  company = { id: row.id, uid: row.uid };
  const pkg = await service(CODES.pkg, 'mcu', PRICES.pkg, true);
  const hb = await service(CODES.hb, 'lab', PRICES.hb);
  await service(CODES.gds, 'lab', PRICES.gds);
  const tx = await service(CODES.tx, 'radiology', PRICES.tx);
  await db.insert(servicePackageItems).values([
    { packageId: pkg.id, itemId: hb.id, sort: 1 },
    { packageId: pkg.id, itemId: tx.id, sort: 2 },
  ]);
  await db.insert(partnerCompanyPrices).values({
    uid: newUid(),
    companyId: company.id,
    serviceId: pkg.id,
    price: PRICES.contract,
    validFrom: addDays(today, -30),
  });

  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId: CLINIC,
    name: 'Peserta MCU Tagihan',
    sex: 'F',
    dob: '12/05/1990',
    nik: '3171051205900042',
  });
  if (patient.statusCode !== 200) throw new Error(patient.body);
  const res = await call('POST', '/registrations/registrations', 'superadmin', {
    clinicId: CLINIC,
    patientId: json(patient).data.uid,
    // the MCU check-in's visit: a service visit of the company (mcu-checkin.service.ts)
    orderType: 'service',
    serviceType: 'MCU',
    payerType: 'company',
    companyId: company.id,
    confirmDuplicate: true,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  visit = {
    uid: json(res).data._id,
    mrn: json(patient).data.mrn,
    patientId: json(res).data.patientId ?? 0,
  };
  const performed = (serviceType: string, codes: string[], sourceUid: string) => ({
    registrationId: visit.uid,
    corpId,
    clinicId: CLINIC,
    patientId: visit.patientId,
    serviceType,
    serviceCodes: codes,
    icd9Codes: [],
    sourceUid,
    performedBy: null,
    performedAt: new Date().toISOString(),
  });
  // check-in: the package; the lab releases the package's Hb and an add-on glucose; radiology the chest X-ray
  await emitOnVisit(SERVICE_EVENTS.performed, performed('MCU', [CODES.pkg], 'peserta-uji-1'));
  await emitOnVisit('lab.result.released', {
    registrationId: visit.uid,
    reportUid: 'lab-uji-1',
    version: 1,
    clinicId: CLINIC,
    corpId,
    patientId: visit.patientId,
    critical: [],
    services: [CODES.hb, CODES.gds],
  });
  await emitOnVisit(SERVICE_EVENTS.performed, performed('RAD', [CODES.tx], 'rad-uji-1'));
}, 180_000);
afterAll(() => ctx?.close());

describe('an MCU visit’s bill', () => {
  it('charges the package at the company’s contract price, its items not again, the add-on', async () => {
    const bill = await billOf();
    expect(bill.status).toBe('draft');
    const line = (code: string) => bill.lines.filter((l: { code: string | null }) => l.code === code);
    expect(line(CODES.pkg)).toHaveLength(1);
    expect(line(CODES.pkg)[0]).toMatchObject({ category: 'mcu', unitPrice: PRICES.contract });
    expect(line(CODES.hb)).toHaveLength(0);
    expect(line(CODES.tx)).toHaveLength(0);
    expect(line(CODES.gds)).toHaveLength(1);
    expect(line(CODES.gds)[0]).toMatchObject({ category: 'lab', unitPrice: PRICES.gds });
    // the package and the add-on, nothing else (no registration or card fee beside the package)
    expect(bill.lines).toHaveLength(2);
    expect(bill.totals.net).toBe(PRICES.contract + PRICES.gds);
    expect(bill.totals).toMatchObject({ payerPortion: bill.totals.net, patientPortion: 0 });
  });

  it('posts as the company’s receivable when the conclusion is approved, once', async () => {
    const before = await billOf();
    await emitOnVisit(MCU_EVENTS.conclusionApproved, approve(1));
    await ctx.app.outbox.drain();
    const bill = await billOf();
    expect(bill.status).toBe('paid');
    expect(bill.number).toMatch(/^INV\//);
    expect(bill.totals.net).toBe(before.totals.net);
    expect(bill).toMatchObject({ receivable: bill.totals.net, outstanding: 0 });
    expect(bill.payments).toHaveLength(1);
    expect(bill.payments[0].parts).toEqual([
      expect.objectContaining({ method: 'PERUSAHAAN', amount: bill.totals.net }),
    ]);
    // the participant's visit leaves the lab's waiting list: settled by the company, it is Paid
    const [row] = await ctx.database.db.select().from(registrations).where(eq(registrations.uid, visit.uid));
    expect(row?.status).toBe('Paid');
    // an amendment's approval (version 2) or a replay changes nothing
    await emitOnVisit(MCU_EVENTS.conclusionApproved, approve(2));
    await ctx.app.outbox.drain();
    const rows = await ctx.database.db
      .select()
      .from(receivables)
      .where(eq(receivables.companyId, company.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].amount).toBe(bill.totals.net);
    expect((await billOf()).payments).toHaveLength(1);
  });

  it('reaches the company’s payer invoice', async () => {
    const key = `company:${company.uid}`;
    const payers = json(
      await call('GET', `/billing/payer-invoices/payers?clinicId=${CLINIC}`, 'superadmin'),
    ).data;
    const bill = await billOf();
    expect(payers.find((p: { payer: string }) => p.payer === key)).toMatchObject({
      payerKind: 'company',
      openCount: 1,
      openAmount: bill.totals.net,
    });
    const res = await call('POST', '/billing/payer-invoices', 'superadmin', {
      clinicId: CLINIC,
      payer: key,
      from: addDays(today, -1),
      to: today,
    });
    expect(res.statusCode).toBe(200);
    const invoice = json(res).data;
    expect(invoice).toMatchObject({ status: 'DRAFT', total: bill.totals.net });
    expect(invoice.items.map((i: { mrn: string }) => i.mrn)).toEqual([visit.mrn]);
  });
});
