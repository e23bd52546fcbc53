import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCompanies, registrations, services } from '../../db/schema/index.ts';
import { emit } from '../../events/outbox.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';

/**
 * The payer's coverage on the bill (issue 18 §5–6): a company visit priced at the contract price,
 * its excluded group on the patient, the co-pay and the ceilings per visit and per year (with what
 * the company covered on the patient's earlier posted bill); an insurer visit split by the insurer
 * master's terms once the front office notes the insurer.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let dokterId = 0;
let nik = 7100;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });
const must = async (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) => {
  const res = await call(method, url, who, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return json(res).data;
};

async function newPatient(): Promise<string> {
  const patient = await must('POST', '/patients', 'superadmin', {
    clinicId: 10,
    name: `Pasien Cakupan ${nik}`,
    sex: 'M',
    dob: '03/04/1985',
    nik: `317105030485${String(nik++).padStart(4, '0')}`,
  });
  return patient.uid;
}

async function newVisit(patientUid: string, payer: object): Promise<string> {
  const visit = await must('POST', '/registrations/registrations', 'superadmin', {
    clinicId: 10,
    patientId: patientUid,
    orderType: 'doctor',
    doctorId: dokterId,
    ...payer,
  });
  await ctx.database.db
    .update(registrations)
    .set({ status: 'Payment' })
    .where(eq(registrations.uid, visit._id));
  return visit._id as string;
}

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

interface Line {
  code: string | null;
  category: string;
  unitPrice: number;
  net: number;
  payerPortion: number;
  patientPortion: number;
}
const billOf = (visitUid: string) => must('GET', `/billing/visits/${visitUid}/bill`, 'kasir');
const byCode = (lines: Line[]) => Object.fromEntries(lines.map((l) => [l.code, l]));
const sum = (lines: Line[], k: 'net' | 'payerPortion' | 'patientPortion') =>
  lines.reduce((n, l) => n + l[k], 0);

beforeAll(async () => {
  ctx = await createTestApp();
  await ensureCodes(ctx.database.db);
  for (const who of ['superadmin', 'kasir', 'pendaftaran']) tokens[who] = await loginAs(ctx.app, who);
  dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  await practisesToday(ctx.database.db, dokterId, 10);
}, 120_000);
afterAll(() => ctx?.close());

describe('a company visit', () => {
  it('is priced at the contract price and split by exclusions, co-pay and the ceilings per visit and per year', async () => {
    const [kons] = await ctx.database.db.select().from(services).where(eq(services.code, 'KONS-UMUM'));
    const company = await must('POST', '/partner-companies', 'superadmin', {
      name: 'PT Cakupan Uji',
      ceilingPerVisit: 60_000,
      ceilingPerYear: 100_000,
      copayType: 'percent',
      copayValue: 10,
      excludedGroups: ['procedure'],
    });
    await must('POST', `/partner-companies/${company.uid}/prices`, 'superadmin', {
      serviceUid: kons.uid,
      price: 70_000,
      validFrom: '2020-01-01',
    });
    // the company's serial id, as the registration form sends it
    const [row] = await ctx.database.db
      .select({ id: partnerCompanies.id })
      .from(partnerCompanies)
      .where(eq(partnerCompanies.uid, company.uid));
    const patient = await newPatient();

    // the first visit: the procedure is excluded, the per-visit ceiling caps the payer at 60 000
    const first = await newVisit(patient, { payerType: 'company', companyId: row.id });
    await performed(first, ['TND-HECT']);
    const one = await billOf(first);
    const lines1 = byCode(one.lines);
    expect(lines1['KONS-UMUM'].unitPrice).toBe(70_000);
    expect(lines1['TND-HECT']).toMatchObject({ payerPortion: 0, patientPortion: lines1['TND-HECT'].net });
    for (const l of one.lines as Line[]) expect(l.payerPortion + l.patientPortion).toBe(l.net);
    expect(one.totals.payerPortion).toBe(60_000);
    expect(one.totals.patientPortion).toBe(one.totals.net - 60_000);
    expect((await call('POST', `/billing/visits/${first}/bill/post`, 'kasir')).statusCode).toBe(200);

    // the second visit: 22 500 + 70 000 = 92 500 covered, 10% co-pay 9 250, 83 250 capped at 60 000
    // per visit, then at what is left of the year: 100 000 − 60 000 = 40 000
    // (a second visit to the doctor the same day, confirmed by the front office)
    const second = await newVisit(patient, {
      payerType: 'company',
      companyId: row.id,
      confirmDuplicate: true,
    });
    const two = await billOf(second);
    const lines2 = byCode(two.lines);
    expect(sum(two.lines, 'net')).toBe(92_500);
    expect(two.totals).toMatchObject({ payerPortion: 40_000, patientPortion: 52_500 });
    // rounded down in proportion, the remainder on the last line: 40 000 × 22 500 / 92 500 = 9 729.7
    expect(lines2['REG-ADM']).toMatchObject({ net: 22_500, payerPortion: 9_729, patientPortion: 12_771 });
    expect(lines2['KONS-UMUM']).toMatchObject({ net: 70_000, payerPortion: 30_271, patientPortion: 39_729 });

    // another patient of the company starts the year afresh: co-pay 10%, capped per visit only
    const other = await newVisit(await newPatient(), { payerType: 'company', companyId: row.id });
    expect((await billOf(other)).totals.payerPortion).toBe(60_000);
  });
});

describe('an insurance visit', () => {
  it('is split by the insurer master once the front office notes the insurer', async () => {
    const insurer = await must('POST', '/insurers', 'superadmin', {
      name: 'TPA Cakupan Uji',
      kind: 'tpa',
      copayType: 'fixed',
      copayValue: 25_000,
      excludedGroups: ['procedure'],
    });
    const visit = await newVisit(await newPatient(), {
      payerType: 'insurance',
      insuranceName: 'Asuransi Lama',
      insuranceNumber: 'POL-1',
    });
    await performed(visit, ['TND-HECT']);
    // no insurer of the master yet: the payer covers it all, as before
    const before = await billOf(visit);
    expect(before.totals.payerPortion).toBe(before.totals.net);

    await must('PUT', `/insurers/visits/${visit}/eligibility`, 'pendaftaran', {
      insurerUid: insurer.uid,
      status: 'eligible',
      reference: 'ELG-001',
    });
    const after = await billOf(visit);
    expect(after.payerName).toBe('TPA Cakupan Uji');
    const lines = after.lines as Line[];
    const procedure = lines.find((l) => l.code === 'TND-HECT')!;
    expect(procedure).toMatchObject({ payerPortion: 0, patientPortion: procedure.net });
    const covered = sum(
      lines.filter((l) => l.code !== 'TND-HECT'),
      'net',
    );
    expect(after.totals.payerPortion).toBe(covered - 25_000);
    expect(after.totals.patientPortion).toBe(procedure.net + 25_000);
    for (const l of lines) expect(l.payerPortion + l.patientPortion).toBe(l.net);
  });
});
