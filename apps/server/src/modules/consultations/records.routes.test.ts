import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, encounters, patients } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let patientUid: string;
/** The visits as each reader should see them: newest first, ties by id. */
let atClinic10: string[];
let atClinic12: string[];

const get = (url: string, who?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `${API}${url}`,
    headers: who ? { authorization: tokens[who] } : {},
  });

type Page = {
  patient: { visits: number } | null;
  visits: { uid: string; createdAt: string }[];
  next: string | null;
};

/** Every page of the record as `who` reads it, following the cursors. */
async function readAll(who: string) {
  const pages: Page[] = [];
  let after: string | null = null;
  do {
    const res = await get(
      `/consultations/patients/${patientUid}/record${after ? `?after=${encodeURIComponent(after)}` : ''}`,
      who,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page: Page = json(res).data;
    pages.push(page);
    after = page.next;
  } while (after && pages.length < 10);
  return pages;
}

/**
 * Signed visits of the patient at a clinic, two by two at the same moment (microseconds
 * included): a page may end between two visits of one moment, where only the id orders them.
 */
async function addVisits(
  patientId: number,
  corpId: number,
  clinicId: number,
  count: number,
  seqFrom: number,
  newest: string,
) {
  await ctx.database.db.execute(sql`
    WITH r AS (
      INSERT INTO registrations (uid, corp_id, clinic_id, patient_id, order_type, status, queue_date,
                                 queue_prefix, queue_seq, queue_number, room, payer_type)
      SELECT 'rec-reg-' || ${clinicId} || '-' || n, ${corpId}, ${clinicId}, ${patientId}, 'doctor', 'Paid',
             ${newest}::date - (n / 2), 'H', ${seqFrom} + n, 'H-' || (${seqFrom} + n), 'Poli Umum', 'self'
        FROM generate_series(1, ${count}) n
      RETURNING id, queue_seq - ${seqFrom} AS n, queue_date)
    INSERT INTO encounters (uid, corp_id, clinic_id, patient_id, registration_id, status, diagnoses,
                            created_at, signed_at)
    SELECT 'rec-enc-' || ${clinicId} || '-' || r.n, ${corpId}, ${clinicId}, ${patientId}, r.id, 'signed',
           '[{"code":"I10","title":"Hipertensi","primary":true}]'::jsonb,
           (r.queue_date + time '09:15:00.123456') AT TIME ZONE 'Asia/Jakarta',
           (r.queue_date + time '09:45:00') AT TIME ZONE 'Asia/Jakarta'
      FROM r`);
  const rows = await ctx.database.db
    .select({ uid: encounters.uid })
    .from(encounters)
    .where(and(eq(encounters.patientId, patientId), eq(encounters.clinicId, clinicId)))
    .orderBy(desc(encounters.createdAt), desc(encounters.id));
  return rows.map((r) => r.uid);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['emr']);
  for (const u of ['superadmin', 'admin', 'dokter', 'dokter2', 'kasir'])
    tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  const created = await ctx.app.inject({
    method: 'POST',
    url: `${API}/patients`,
    headers: { authorization: tokens.superadmin },
    payload: {
      clinicId: 10,
      name: 'Pasien Lama Sekali',
      sex: 'F',
      dob: '14/03/1956',
      nik: '3171065403560009',
    },
  });
  patientUid = json(created).data.uid;
  const [patient] = await db.select().from(patients).where(eq(patients.uid, patientUid));
  // dokter works at clinics 10 and 11, dokter2 at 11 and 12
  atClinic10 = await addVisits(patient.id, patient.corpId, 10, 45, 8000, '2026-01-01');
  // older than clinic 10's first pages: a clinic-10 cursor reaches them
  atClinic12 = await addVisits(patient.id, patient.corpId, 12, 3, 8100, '2025-12-01');
});
afterAll(() => ctx.close());

describe('the record of a long-standing patient', () => {
  it('comes as the header and the newest 20 visits, then pages by cursor without gap or overlap', async () => {
    const pages = await readAll('dokter');
    expect(pages.map((p) => p.visits.length)).toEqual([20, 20, 5]);
    expect(pages[0].patient).toMatchObject({ name: 'Pasien Lama Sekali', visits: 45 });
    expect(pages[0].next).toEqual(expect.any(String));
    // the header comes with the first page only
    expect(pages.slice(1).map((p) => p.patient)).toEqual([null, null]);
    expect(pages.at(-1)?.next).toBeNull();
    const seen = pages.flatMap((p) => p.visits.map((v) => v.uid));
    expect(seen).toEqual(atClinic10);
    const times = pages.flatMap((p) => p.visits.map((v) => Date.parse(v.createdAt)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages with the asked size, and shows each reader only the visits at their clinics', async () => {
    const first = json(await get(`/consultations/patients/${patientUid}/record?limit=7`, 'dokter')).data;
    expect(first.visits.map((v: { uid: string }) => v.uid)).toEqual(atClinic10.slice(0, 7));
    const second = json(
      await get(
        `/consultations/patients/${patientUid}/record?limit=7&after=${encodeURIComponent(first.next)}`,
        'dokter',
      ),
    ).data;
    expect(second.visits.map((v: { uid: string }) => v.uid)).toEqual(atClinic10.slice(7, 14));

    const other = await readAll('dokter2');
    expect(other).toHaveLength(1);
    expect(other[0].patient).toMatchObject({ visits: 3 });
    expect(other[0].visits.map((v) => v.uid)).toEqual(atClinic12);
    // a cursor made by another reader still shows nothing of clinic 10
    const foreignCursor = json(
      await get(
        `/consultations/patients/${patientUid}/record?after=${encodeURIComponent(first.next)}`,
        'dokter2',
      ),
    ).data;
    expect(foreignCursor.visits.map((v: { uid: string }) => v.uid)).toEqual(atClinic12);
  });

  it('refuses as the record always has, and a cursor that is not one', async () => {
    const url = `/consultations/patients/${patientUid}/record`;
    expect((await get(url, 'kasir')).statusCode).toBe(403);
    // an Admin holds menus but is not a clinical role
    expect((await get(url, 'admin')).statusCode).toBe(403);
    expect([403, 404]).toContain((await get(url, 'adminlain')).statusCode);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get('/consultations/patients/no-such-patient/record', 'dokter')).statusCode).toBe(404);
    for (const after of ['1', '2026-02-30T02:15:00.123456Z_5', `${atClinic10[0]}_1`]) {
      const res = await get(`${url}?after=${encodeURIComponent(after)}`, 'dokter');
      expect(res.statusCode, after).toBe(400);
    }
  });

  it('audits each page as a read of the record with the visits it showed', async () => {
    const pages = await readAll('dokter');
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, patientUid), inArray(auditLog.action, ['record.read'])))
      .orderBy(desc(auditLog.id))
      .limit(pages.length);
    expect(rows.reverse().map((r) => r.detail)).toEqual(
      pages.map((p, i) => ({
        after: i === 0 ? null : pages[i - 1].next,
        encounters: p.visits.map((v) => v.uid),
      })),
    );
    expect(rows[0]).toMatchObject({ action: 'record.read', entity: 'patient', ip: expect.any(String) });
  });
});
