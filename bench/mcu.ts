/**
 * `npm run bench:mcu` (issue 20, "5,000 rows validated and imported in under 30 s at bench scale;
 * a re-import never duplicates participants"): the real app (`buildApp`) on a fresh demo database
 * imports a company's 5,000-row participant sheet through `POST /mcu/events/:uid/participants/import`,
 * imports the same sheet again, and streams the event's recap xlsx. Each is set against a baseline
 * measured in the same run on the same database: the bare work nobody can skip — reading the same
 * workbook with ExcelJS and inserting as many patients and participants with multi-row INSERTs (no
 * validation, no matching, no numbering, no audit, no events); for the recap, one SELECT of the
 * participants and an unformatted ExcelJS stream of the same rows. Writes bench/results/mcu-<time>.md.
 * PGlite by default; PostgreSQL with BENCH_DATABASE_URL (a scratch database of its own).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.ts';
import { type Database, openPglite, openPostgres, PGLITE_EXTENSIONS } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';
import { mcuEvents, mcuParticipants, services } from '../apps/server/src/db/schema/index.ts';
import { insertPatients } from '../apps/server/src/modules/patients/patients.queries.ts';
import { multipart } from '../apps/server/src/test/staff-fixtures.ts';
import { benchDatabaseUrl, ensureBenchDatabase } from './bench-db.ts';
import { API } from './server.ts';

const ROWS = Number(process.env.BENCH_MCU_ROWS ?? 5_000);
const TARGET_MS = 30_000;
const root = path.resolve(import.meta.dirname, '..');
const HEADER = [
  'NO',
  'NIK-KARYAWAN',
  'NAMA KARYAWAN',
  'NIK',
  'BAGIAN',
  'PEKERJAAN',
  'JENIS PAKET',
  'JK',
  'TGL LAHIR',
  'ALAMAT',
];
const DEPARTMENTS = ['Gudang', 'Produksi', 'Kantor', 'Logistik', 'Keamanan'];

async function openTarget(): Promise<{ database: Database; where: string }> {
  if (process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL) {
    const base = new URL(benchDatabaseUrl());
    base.pathname = '/klinikita_bench_mcu';
    const url = base.toString();
    await ensureBenchDatabase(url, true);
    return { database: openPostgres(url), where: `PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}` };
  }
  const dataDir = path.join(root, 'data', 'bench-mcu');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  return { database: await openPglite({ client }), where: 'PGlite (fresh)' };
}

/** A plausible NIK: region, birth day (women + 40), month, year, serial. */
function nikOf(i: number, birth: string, sex: 'L' | 'P') {
  const [y, m, d] = birth.split('-');
  const day = Number(d) + (sex === 'P' ? 40 : 0);
  return `3216${String(10 + (i % 80)).padStart(2, '0')}${String(day).padStart(2, '0')}${m}${y.slice(2)}${String((i % 9_999) + 1).padStart(4, '0')}`;
}

interface Person {
  employeeNumber: string;
  name: string;
  nik: string;
  department: string;
  sex: 'L' | 'P';
  birth: string;
}

function people(n: number, offset: number, group: string): Person[] {
  return Array.from({ length: n }, (_, k) => {
    const i = offset + k;
    const sex = i % 2 ? 'P' : 'L';
    const birth = `${1970 + (i % 30)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    return {
      employeeNumber: `${group}-${String(i).padStart(6, '0')}`,
      name: `Peserta Bench ${i}`,
      nik: nikOf(i, birth, sex),
      department: DEPARTMENTS[i % DEPARTMENTS.length],
      sex,
      birth,
    };
  });
}

async function sheetOf(rows: Person[], jobGroup: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Peserta');
  ws.addRow(HEADER);
  for (const [i, p] of rows.entries())
    ws.addRow([
      i + 1,
      p.employeeNumber,
      p.name,
      p.nik,
      p.department,
      'Operator',
      jobGroup,
      p.sex,
      p.birth,
      'Cikarang',
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

async function main() {
  const { database, where } = await openTarget();
  await prepareDatabase(database, { seedDemo: 'always', secretsKey: randomBytes(32) });
  const db = database.db;
  const app = await buildApp({ db, listen: database.listen, logLevel: 'warn', rateLimits: false });
  const login = await app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    payload: { username: 'admin', password: 'klinikita' },
  });
  const headers = { authorization: login.json().data.token as string };
  const must = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `${API}${url}`, headers, payload });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };

  // a package and an event at the demo's MCU site, today
  const items = await db
    .select({ uid: services.uid })
    .from(services)
    .where(inArray(services.code, ['LAB-GDP', 'RAD-THORAX']));
  const pkg = await must('POST', '/services', {
    code: 'BENCH-MCU',
    nameId: 'Paket bench',
    nameEn: 'Bench package',
    group: 'mcu',
    unit: 'paket',
    taxCategory: 'exempt',
    isPackage: true,
    items: items.map((i) => ({ serviceUid: i.uid, quantity: 1 })),
  });
  await must('PUT', `/mcu/packages/${pkg.uid}`, {
    examType: 'periodic',
    stations: ['anamnesis', 'vitals', 'physical', 'lab'],
  });
  const companies = await must('GET', '/partner-companies?page=1&limit=1');
  const today = clinicDay('Asia/Jakarta');
  const event = await must('POST', '/mcu/events', {
    name: 'Bench MCU',
    companyUid: companies.docs[0].uid,
    clinicId: 11,
    examType: 'periodic',
    startDate: today,
    endDate: today,
    packages: [{ jobGroup: 'Operator', packageUid: pkg.uid }],
  });
  const [eventRow] = await db.select().from(mcuEvents).where(eq(mcuEvents.uid, event.uid));

  const file = await sheetOf(people(ROWS, 0, 'BEN'), 'Operator');
  const upload = () => {
    const body = multipart([{ field: 'file', filename: 'peserta.xlsx', content: file }]);
    return app.inject({
      method: 'POST',
      url: `${API}/mcu/events/${event.uid}/participants/import`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  process.stdout.write(`importing ${ROWS} rows on ${where}…\n`);
  const first = await timed(upload);
  const firstReport = first.value.json().data;
  const again = await timed(upload);
  const againReport = again.value.json().data;
  const [{ n: participants }] = await db
    .select({ n: count() })
    .from(mcuParticipants)
    .where(eq(mcuParticipants.eventId, eventRow.id));

  const pkgId = await packageId(db, pkg.uid);
  // baseline: read the same workbook, insert as many patients and participants, nothing else
  const baseline = await timed(async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as never);
    const sheetRows = book.worksheets[0].getSheetValues().slice(2) as unknown[][];
    const others = people(sheetRows.length, ROWS, 'BASE');
    await db.transaction(async (tx) => {
      const made = await insertPatients(
        tx,
        others.map((p, i) => ({
          uid: randomBytes(16).toString('hex'),
          corpId: eventRow.corpId,
          clinicId: 11,
          mrn: `BENCH-${i}`,
          nik: p.nik,
          nationality: 'WNI',
          name: p.name,
          sex: p.sex === 'L' ? 'M' : 'F',
          dob: p.birth,
          payerType: 'company',
        })),
      );
      for (let i = 0; i < made.length; i += 500)
        await tx.insert(mcuParticipants).values(
          made.slice(i, i + 500).map((m, k) => {
            const p = others[i + k];
            return {
              uid: randomBytes(16).toString('hex'),
              corpId: eventRow.corpId,
              clinicId: 11,
              eventId: eventRow.id,
              companyId: eventRow.companyId,
              seq: 1_000_000 + i + k,
              mcuNumber: `BASE-${i + k}`,
              patientId: m.id,
              employeeNumber: p.employeeNumber,
              nik: p.nik,
              name: p.name,
              sex: p.sex === 'L' ? ('M' as const) : ('F' as const),
              birthDate: p.birth,
              department: p.department,
              packageId: pkgId,
            };
          }),
        );
    });
  });
  // take the baseline's rows out again: the recap is of the imported participants only
  await db.delete(mcuParticipants).where(
    and(
      eq(mcuParticipants.eventId, eventRow.id),
      inArray(
        mcuParticipants.employeeNumber,
        people(ROWS, ROWS, 'BASE').map((p) => p.employeeNumber),
      ),
    ),
  );

  const recap = await timed(() =>
    app.inject({ method: 'GET', url: `${API}/mcu/events/${event.uid}/recap.xlsx`, headers }),
  );
  const recapRows = Number(recap.value.headers['x-row-count'] ?? 0);
  const recapBase = await timed(async () => {
    const rows = await db
      .select({
        no: mcuParticipants.mcuNumber,
        name: mcuParticipants.name,
        nik: mcuParticipants.nik,
        dept: mcuParticipants.department,
        status: mcuParticipants.status,
      })
      .from(mcuParticipants)
      .where(eq(mcuParticipants.eventId, eventRow.id));
    const sink = new PassThrough();
    let bytes = 0;
    sink.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink });
    const ws = book.addWorksheet('Rekap');
    for (const r of rows) ws.addRow([r.no, r.name, r.nik, r.dept, r.status]).commit();
    await book.commit();
    return bytes;
  });

  const ok = first.ms < TARGET_MS && participants === ROWS && againReport.created === 0;
  const lines = [
    `# MCU import and recap (${new Date().toISOString()}, ${where}, ${ROWS} rows)`,
    '',
    '| Measure | Time | Baseline | Ratio | Verdict |',
    '|---|---|---|---|---|',
    `| import ${ROWS} new participants (${firstReport.patientsCreated} new patients) | ${seconds(first.ms)} | ${seconds(baseline.ms)} | ${(first.ms / baseline.ms).toFixed(2)}× | ${first.ms < TARGET_MS ? '✓' : '✗'} < 30 s |`,
    `| re-import the same sheet (created ${againReport.created}, updated ${againReport.updated}, unchanged ${againReport.unchanged}) | ${seconds(again.ms)} | ${seconds(baseline.ms)} | ${(again.ms / baseline.ms).toFixed(2)}× | ${againReport.created === 0 && participants === ROWS ? '✓' : '✗'} no duplicate (${participants} participants) |`,
    `| recap xlsx of ${recapRows} participants (${Math.round(recap.value.rawPayload.length / 1024)} KB) | ${seconds(recap.ms)} | ${seconds(recapBase.ms)} | ${(recap.ms / recapBase.ms).toFixed(2)}× | ${recapRows === ROWS ? '✓' : '✗'} |`,
    '',
    'Baseline: the same workbook read with ExcelJS and as many patients and participants inserted with multi-row INSERTs (nothing checked, matched, numbered, audited or published); for the recap one SELECT and an unformatted ExcelJS stream of the same rows.',
  ];
  const md = lines.join('\n');
  process.stdout.write(`${md}\n`);
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `mcu-${new Date().toISOString().replace(/[:.]/g, '-')}.md`), `${md}\n`);
  await app.close();
  await database.close();
  process.exit(ok ? 0 : 1);
}

async function packageId(db: Database['db'], uid: string) {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.uid, uid));
  return row.id;
}

await main();
