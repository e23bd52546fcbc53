import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcuCompanyAndPackage, mcuEvent } from '../../test/mcu-fixtures.ts';
import { API, createTestApp, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let token = '';
let eventUid = '';
const N = 5000;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  token = await loginAs(ctx.app, 'lab');
  const base = await mcuCompanyAndPackage(db, 11);
  const event = await mcuEvent(db, base, clinicDay('Asia/Jakarta'), 'MCU 5000');
  eventUid = event.uid;
  // 5,000 participants, each with vitals and a physical examination, half approved
  await db.execute(sql`
    with p as (
      insert into patients (uid, corp_id, clinic_id, mrn, name, sex, dob, nik)
      select gen_random_uuid()::text, ${base.clinic.corpId}, 11, 'SC-' || g, 'Peserta ' || g, 'M', '1990-01-01',
             '32' || lpad(g::text, 14, '0')
      from generate_series(1, ${N}) g
      returning id, mrn
    )
    insert into mcu_participants (uid, corp_id, clinic_id, event_id, company_id, seq, mcu_number, patient_id,
      employee_number, nik, name, sex, birth_date, department, package_id, status, checked_in_at)
    select gen_random_uuid()::text, ${base.clinic.corpId}, 11, ${event.id}, ${base.company.id},
      substr(p.mrn, 4)::int, 'SC-' || substr(p.mrn, 4), p.id, 'E' || substr(p.mrn, 4),
      '32' || lpad(substr(p.mrn, 4), 14, '0'), 'Peserta ' || substr(p.mrn, 4), 'M', '1990-01-01',
      'Dept ' || (substr(p.mrn, 4)::int % 7), ${base.pkg.id}, 'done', now()
    from p`);
  const [doctor] = (await db.execute(sql`select id from users where username = 'dokter2'`)).rows as {
    id: number;
  }[];
  await db.execute(sql`
    insert into mcu_station_results (participant_id, station, data, findings, normal, examined_by)
    select id, 'vitals', '{"systolic":120,"diastolic":80,"height":170,"weight":70}'::jsonb, '[]'::jsonb, true, ${doctor.id}
    from mcu_participants where event_id = ${event.id}`);
  await db.execute(sql`
    insert into mcu_conclusions (uid, participant_id, version, status, category, findings, verify_token, written_by,
      approved_by, approved_at)
    select gen_random_uuid()::text, id, 1, 'approved', 'FIT', '["Obesitas I"]'::jsonb, gen_random_uuid()::text,
      ${doctor.id}, ${doctor.id}, now()
    from mcu_participants where event_id = ${event.id} and seq % 2 = 0`);
}, 120_000);
afterAll(() => ctx.close());

describe('company recap at scale', () => {
  it('streams 5,000 participants with their count announced first', { timeout: 120_000 }, async () => {
    const started = Date.now();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API}/mcu/events/${eventUid}/recap.xlsx`,
      headers: { authorization: token },
    });
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-row-count']).toBe(String(N));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Rekap')!.rowCount).toBe(N + 1);
    const stats = book
      .getWorksheet('Statistik')!
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(stats).toContainEqual(['Layak kerja', N / 2]);
    expect(stats).toContainEqual(['Total', N]);
    expect(stats).toContainEqual(['Obesitas I', N / 2]);
    // a bench-scale bound, generous for a shared CI core
    expect(elapsed).toBeLessThan(60_000);
  });
});
