import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import type { LabVisitSpecimens } from '@klinikita/domain/lab/lab-specimens.schema';
import type { LabImportPreview, LabWorklist } from '@klinikita/domain/lab/lab-worklist.schema';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labResultValues } from '../../db/schema/index.ts';
import { countStatements } from '../../test/statements.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/**
 * The lab's worklist at Cikarang (clinic 11): two visits with Darah Lengkap whose samples are
 * received, the grid of the test, one save for both (all or nothing), and an analyzer CSV matched
 * by barcode — previewed with its bad rows listed, refused whole while one is bad, saved at once.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  for (const u of ['superadmin', 'lab', 'pendaftaran']) tokens[u] = await loginAs(ctx.app, u);
});
afterAll(() => ctx.close());

let nikSerial = 7100;
/** A lab visit at Cikarang with its containers labelled, collected and (unless `received` is false) received. */
async function sampledVisit(complaint: string, received = true) {
  const patient = json(
    await call('POST', '/patients', 'superadmin', {
      clinicId: 11,
      name: `Pasien Worklist ${nikSerial}`,
      sex: 'M',
      dob: '10/10/1980',
      nik: `317110101080${String(nikSerial++).padStart(4, '0')}`,
    }),
  ).data as { uid: string };
  const reg = await call('POST', '/registrations/registrations', 'superadmin', {
    clinicId: 11,
    patientId: patient.uid,
    orderType: 'service',
    serviceType: 'LAB',
    payerType: 'self',
    complaint,
  });
  const visitId = json(reg).data._id as string;
  const labelled = json(await call('POST', `/lab-specimens/visits/${visitId}/label`, 'lab'))
    .data as LabVisitSpecimens;
  for (const s of labelled.specimens) {
    await call('POST', `/lab-specimens/visits/${visitId}/specimens/${s.uid}/collect`, 'lab');
    if (received) await call('POST', `/lab-specimens/visits/${visitId}/specimens/${s.uid}/receive`, 'lab');
  }
  return { visitId, barcodes: labelled.specimens.map((s) => s.barcode) };
}

const worklist = async (query: string) => {
  const res = await call('GET', `/lab/worklist?clinicId=11${query}`, 'lab');
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as LabWorklist;
};
const valueCount = async () => (await ctx.database.db.select({ n: count() }).from(labResultValues))[0].n;

describe('the lab worklist grid and the analyzer import', () => {
  let a: Awaited<ReturnType<typeof sampledVisit>>;
  let b: Awaited<ReturnType<typeof sampledVisit>>;
  let c: Awaited<ReturnType<typeof sampledVisit>>;
  let grid: LabWorklist;
  let dl: string;

  beforeAll(async () => {
    a = await sampledVisit('Darah Lengkap, Glukosa Darah Sewaktu');
    b = await sampledVisit('Darah Lengkap');
    c = await sampledVisit('Glukosa Darah Sewaktu', false);
  });

  it('lists the day’s tests with their sample counts; no grid until one is picked', async () => {
    // the demo day may have lab visits of its own at Cikarang: these visits add to its counts
    grid = await worklist('');
    const counts = new Map(grid.tests.map((t) => [t.code, t.samples]));
    expect(counts.get('LAB-DL')).toBeGreaterThanOrEqual(2);
    expect(counts.get('LAB-GDS')).toBeGreaterThanOrEqual(2);
    expect(grid.parameters).toBeNull();
    expect(grid.rows.docs).toEqual([]);
    dl = grid.tests.find((t) => t.code === 'LAB-DL')!.serviceUid;
  });

  it('reads a day by its dd/mm/yyyy date: today as the default reads it, a quiet day empty', async () => {
    const today = await worklist(`&date=${toDDMMYYYY(grid.day)}`);
    expect(today).toEqual(grid);
    const quiet = await worklist('&date=01/02/2020');
    expect(quiet).toMatchObject({ day: '2020-02-01', tests: [], rows: { totalDocs: 0 } });
  });

  it('shows one row per sample and one column per parameter, with the EDTA tube’s barcode', async () => {
    grid = await worklist(`&serviceUid=${dl}&search=Pasien%20Worklist`);
    expect(grid.parameters!.slice(0, 3).map((p) => p.code)).toEqual(['HB', 'HT', 'LEU']);
    expect(grid.rows.docs.map((r) => r.registrationId)).toEqual([a.visitId, b.visitId]);
    expect(grid.rows.docs[0]).toMatchObject({
      barcode: a.barcodes[0],
      specimenStatus: 'received',
      version: null,
    });
    expect(grid.rows.docs[0].cells[0].range).toMatchObject({ low: 13, high: 17 });
    const searched = await worklist(`&serviceUid=${dl}&search=${b.barcodes[0]}`);
    expect(searched.rows.docs.map((r) => r.registrationId)).toEqual([b.visitId]);
    const paged = await worklist(`&serviceUid=${dl}&search=Pasien%20Worklist&limit=1&page=2`);
    expect(paged.rows).toMatchObject({ totalDocs: 2, totalPages: 2, page: 2 });
    expect(paged.rows.docs.map((r) => r.registrationId)).toEqual([b.visitId]);
  });

  it('saves nothing when one visit’s value is impossible, naming its cell', async () => {
    const [hb] = grid.parameters!;
    const before = await valueCount();
    const res = await call('POST', '/lab/worklist/results', 'lab', {
      items: [
        { registrationId: a.visitId, version: null, values: [{ parameterUid: hb.uid, value: 14 }] },
        { registrationId: b.visitId, version: null, values: [{ parameterUid: hb.uid, value: 99 }] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Nilai Hemoglobin 99 di luar batas mustahil 0–25');
    expect(json(res).errors).toEqual([{ path: 'items.1.values.0.value', message: 'Di luar batas mustahil' }]);
    expect(await valueCount()).toBe(before);
  });

  it('saves the changed visits in one call, with flags; a retry on the old version is refused whole', async () => {
    const [hb, ht] = grid.parameters!;
    const body = {
      items: [
        { registrationId: a.visitId, version: null, values: [{ parameterUid: hb.uid, value: '10,5' }] },
        {
          registrationId: b.visitId,
          version: null,
          values: [
            { parameterUid: hb.uid, value: 15 },
            { parameterUid: ht.uid, value: 45 },
          ],
        },
      ],
    };
    const res = await call('POST', '/lab/worklist/results', 'lab', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Hasil 2 sampel disimpan');
    grid = await worklist(`&serviceUid=${dl}&search=Pasien%20Worklist`);
    expect(grid.rows.docs[0]).toMatchObject({ version: 1, reportStatus: 'draft' });
    expect(grid.rows.docs[0].cells[0]).toMatchObject({ value: 10.5, flag: 'L' });
    expect(grid.rows.docs[1].cells.slice(0, 2).map((x) => x.value)).toEqual([15, 45]);
    // a retry with the old version is refused whole (the report moved on)
    const retry = await call('POST', '/lab/worklist/results', 'lab', body);
    expect(retry.statusCode).toBe(409);
  });

  it('previews an analyzer CSV with every bad row listed, and writes nothing', async () => {
    const csv = [
      'Barcode;Parameter;Hasil',
      `${a.barcodes[0]};HT;41`,
      `${b.barcodes[0]};leu;7,2`,
      `${a.barcodes[1]};GDS;250`,
      'L999999999999;HB;13',
      `${a.barcodes[0]};XYZ;1`,
      `${b.barcodes[0]};HB;45`,
      `${c.barcodes[0]};GDS;90`,
      '',
    ].join('\r\n');
    const before = await valueCount();
    const res = await call('POST', '/lab/worklist/import/preview', 'lab', { clinicId: 11, csv });
    expect(res.statusCode, res.body).toBe(200);
    const preview = json(res).data as LabImportPreview;
    expect(preview).toMatchObject({ ready: 3, problems: 4, samples: 2 });
    expect(preview.rows.map((r) => [r.line, r.problem])).toEqual([
      [2, null],
      [3, null],
      [4, null],
      [5, 'Barcode tidak dikenal di klinik ini'],
      [6, 'Parameter tidak termasuk pemeriksaan sampel ini'],
      [7, 'Nilai ditolak: Nilai Hemoglobin 45 di luar batas mustahil 0–25'],
      [8, 'Sampel belum diterima lab'],
    ]);
    const refused = await call('POST', '/lab/worklist/import', 'lab', { clinicId: 11, csv });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe('Impor dibatalkan: 4 baris bermasalah, tidak ada yang disimpan');
    expect(await valueCount()).toBe(before);
  });

  it('saves a clean CSV (comma separated) for every matched visit at once', async () => {
    const csv = [
      'barcode,code,value',
      `${a.barcodes[0]},HT,41`,
      `"${b.barcodes[0]}","LEU","7.2"`,
      `${a.barcodes[1]},GDS,250`,
    ].join('\n');
    const res = await call('POST', '/lab/worklist/import', 'lab', { clinicId: 11, csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Hasil dari analyzer disimpan untuk 2 sampel');
    grid = await worklist(`&serviceUid=${dl}&search=Pasien%20Worklist`);
    const cell = (row: number, code: string) =>
      grid.rows.docs[row].cells.find(
        (x) => x.parameterUid === grid.parameters!.find((p) => p.code === code)!.uid,
      );
    expect(cell(0, 'HT')?.value).toBe(41);
    expect(cell(1, 'LEU')?.value).toBe(7.2);
  });

  it('reads the whole day in a fixed number of queries, not a few per visit', async () => {
    const statements = await countStatements(ctx.database.db, async () => {
      grid = await worklist(`&serviceUid=${dl}`);
    });
    // a, b and c wait at least (a visit read on its own took eight statements)
    expect(grid.tests.reduce((n, t) => n + t.samples, 0)).toBeGreaterThanOrEqual(3);
    expect(statements).toBeLessThan(20);
  });

  it('refuses another clinic’s worklist and a desk without the right to enter results', async () => {
    expect((await call('GET', '/lab/worklist?clinicId=12', 'lab')).statusCode).toBe(403);
    expect((await call('GET', '/lab/worklist?clinicId=10', 'pendaftaran')).statusCode).toBe(403);
    expect(
      (await call('POST', '/lab/worklist/import/preview', 'lab', { clinicId: 11, csv: 'x' })).statusCode,
    ).toBe(400);
  });
});
