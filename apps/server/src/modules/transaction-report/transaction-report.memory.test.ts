import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bills, clinics, registrations } from '../../db/schema/index.ts';
import { cloneBills } from '../../test/bill-clones.ts';
import { ensureShift } from '../../test/cashier-shift-fixtures.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { type ReportCursor, reportRows, reportTotals, spanOf } from './transaction-report.queries.ts';

/**
 * Opt-in measurement (not part of the suite): `BENCH_TR_ROWS=100000 npx vitest run --project server
 * apps/server/src/modules/transaction-report/transaction-report.memory.test.ts`. Makes that many
 * paid bills over `BENCH_TR_DAYS` (30) days and every clinic of the demo corporate, times a page
 * and the totals of the month over all clinics, then downloads the xlsx over a real socket,
 * sampling the process's heap and RSS (PGlite runs in the same process: its memory is in the RSS).
 */
const rows = Number(process.env.BENCH_TR_ROWS ?? 0);
const days = Number(process.env.BENCH_TR_DAYS ?? 30);
let ctx: TestContext | undefined;
afterAll(() => ctx?.close());

const mb = (n: number) => Math.round(n / 1_048_576);

describe.skipIf(!rows)('transaction report at size', () => {
  it(`exports ${rows} rows in bounded memory`, async () => {
    ctx = await createTestApp();
    const c = ctx;
    await ensureCodes(c.database.db);
    const token = await loginAs(c.app, 'superadmin');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      c.app.inject({ method, url: `${API}${url}`, headers: { authorization: token }, payload });
    const doctorId = (await userByName(c.database.db, 'dokter')).doctorId!;
    await ensureShift(c.app, token, 10);
    await practisesToday(c.database.db, doctorId, 10);
    const patient = await call('POST', '/patients', {
      clinicId: 10,
      name: 'Pasien Bench Laporan',
      sex: 'F',
      dob: '01/02/1990',
      nik: '3171050102909999',
    });
    const visit = json(
      await call('POST', '/registrations/registrations', {
        clinicId: 10,
        patientId: json(patient).data.uid,
        orderType: 'doctor',
        doctorId,
        payerType: 'self',
      }),
    ).data._id as string;
    await c.database.db.update(registrations).set({ status: 'Payment' }).where(eq(registrations.uid, visit));
    const bill = json(await call('GET', `/billing/visits/${visit}/bill`)).data;
    const paid = await call('POST', `/billing/bills/${bill.uid}/payments`, {
      idempotencyKey: randomUUID(),
      parts: [{ method: 'TUNAI', amount: bill.totals.net }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [source] = await c.database.db.select().from(bills).where(eq(bills.uid, bill.uid));
    const clinicIds = (await c.database.db.select({ id: clinics.id }).from(clinics)).map((x) => x.id);
    const lastDay = addDays(clinicDay('Asia/Jakarta'), -1);
    let started = performance.now();
    await cloneBills(c.database.db, {
      billId: source.id,
      count: rows,
      clinics: clinicIds,
      lastDay,
      days,
      tag: 'BN',
    });
    const seedMs = Math.round(performance.now() - started);
    const from = addDays(lastDay, 1 - days);

    started = performance.now();
    const page = await call('GET', `/reports/transactions?from=${from}&to=${lastDay}&limit=100`);
    const pageMs = Math.round(performance.now() - started);
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(json(page).data.totals.bills).toBe(rows);
    started = performance.now();
    await call('GET', `/reports/transactions?from=${from}&to=${lastDay}&limit=100&page=50&basis=payment`);
    const paymentPageMs = Math.round(performance.now() - started);

    // the database's share of the export: the batches alone, without the workbook
    const scope = {
      corpId: source.corpId,
      clinics: clinicIds.map((id) => ({ id, timeZone: 'Asia/Jakarta' })),
      basis: 'service' as const,
      from,
      to: lastDay,
    };
    started = performance.now();
    const span = spanOf(await reportTotals(c.database.db, scope));
    let after: ReportCursor | undefined;
    while (span) {
      const batch = await reportRows(c.database.db, scope, { limit: 1_000, after, span });
      if (batch.length < 1_000) break;
      after = { postedKey: batch[999].postedKey, id: batch[999].id };
    }
    const batchesMs = Math.round(performance.now() - started);

    await c.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = c.app.server.address() as AddressInfo;
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    }, 20);
    started = performance.now();
    const { bytes, rowCount } = await new Promise<{ bytes: number; rowCount: string | undefined }>(
      (resolve, reject) => {
        http
          .get(
            `http://127.0.0.1:${port}${API}/reports/transactions/xlsx?from=${from}&to=${lastDay}`,
            { headers: { authorization: token } },
            (res) => {
              let n = 0;
              res.on('data', (chunk: Buffer) => {
                n += chunk.length;
              });
              res.on('end', () => resolve({ bytes: n, rowCount: res.headers['x-row-count'] as string }));
              res.on('error', reject);
            },
          )
          .on('error', reject);
      },
    );
    const exportMs = Math.round(performance.now() - started);
    clearInterval(sampler);
    (globalThis as { gc?: () => void }).gc?.();
    const afterGc = process.memoryUsage();
    expect(rowCount).toBe(String(rows));
    const line = {
      rows,
      clinics: clinicIds.length,
      days,
      seedMs,
      pageMs,
      paymentPageMs,
      batchesMs,
      exportMs,
      fileMb: Math.round((bytes / 1_048_576) * 10) / 10,
      heapBeforeMb: mb(before.heapUsed),
      heapPeakMb: mb(peakHeap),
      rssBeforeMb: mb(before.rss),
      rssPeakMb: mb(peakRss),
      heapAfterGcMb: mb(afterGc.heapUsed),
      gc: typeof (globalThis as { gc?: () => void }).gc === 'function',
    };
    console.log(`transaction report: ${JSON.stringify(line)}`);
  }, 1_800_000);
});
