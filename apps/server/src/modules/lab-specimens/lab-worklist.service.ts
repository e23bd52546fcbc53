import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { parseDay } from '@klinikita/domain/common/dates';
import type { LabResultValue } from '@klinikita/domain/lab/lab-results.schema';
import {
  CSV_MAX_ROWS,
  type LabImport,
  type LabImportPreview,
  type LabImportRow,
  type LabWorklist,
  type LabWorklistQuery,
  type LabWorklistRow,
  type LabWorklistSave,
} from '@klinikita/domain/lab/lab-worklist.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { toLabReport, toWorkTest } from '../lab-results/lab-results.mapper.ts';
import { saveLabResults } from '../lab-results/lab-results.service.ts';
import { checkValues } from '../lab-results/lab-results.values.ts';
import { currentReport, worksOf } from '../lab-results/lab-work.service.ts';
import { visitRowsByIds } from '../registrations/registrations.service.ts';
import {
  type LabSpecimenRow,
  specimensByBarcode,
  specimensOfVisits,
  worklistVisitIds,
} from './lab-specimens.queries.ts';

/**
 * The lab's worklist (issue 16 §1): a clinic day's samples waiting for results, one test's grid,
 * many visits saved at once, and an analyzer's CSV matched by sample barcode. Every value goes
 * through the lab results' own save (checks, flags, calculated parameters, versions, audit), each
 * visit a savepoint of one transaction: all saved or none.
 */

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A clinic day has tens of lab visits; the grid reads at most this many. */
const MAX_VISITS = 300;

/**
 * The work of these visits of the caller's corporate, in their order, in a fixed number of
 * queries (never one per visit).
 */
async function worksOfVisits(db: Executor, session: AuthSession, ids: readonly number[]) {
  const rows = new Map((await visitRowsByIds(db, ids)).map((v) => [v.id, v]));
  return worksOf(
    db,
    ids.flatMap((id) => rows.get(id) ?? []).filter((v) => v.corpId === session.corpId),
  );
}

async function worksOfDay(db: Executor, session: AuthSession, q: { clinicId: number; date?: string }) {
  const clinic = clinicOf(session, q.clinicId);
  const day = q.date ? parseDay('ddmmyyyy', q.date) : clinicDay(clinic.timeZone);
  if (!day) throw new AppError(400, 'validation.dateFormat');
  return {
    day,
    works: await worksOfVisits(db, session, await worklistVisitIds(db, clinic.id, day, MAX_VISITS)),
  };
}

const matches = (row: LabWorklistRow, search: string) => {
  const s = search.toLowerCase();
  return [row.patientName, row.mrn, row.barcode ?? '', row.queueNumber].some((v) =>
    v.toLowerCase().includes(s),
  );
};

export async function getLabWorklist(
  db: Db,
  session: AuthSession,
  q: LabWorklistQuery,
): Promise<LabWorklist> {
  const { day, works } = await worksOfDay(db, session, q);
  const tests = new Map<string, LabWorklist['tests'][number]>();
  for (const work of works)
    for (const { service } of work.tests) {
      const seen = tests.get(service.uid);
      if (seen) seen.samples++;
      else
        tests.set(service.uid, {
          serviceUid: service.uid,
          code: service.code,
          nameId: service.nameId,
          nameEn: service.nameEn,
          samples: 1,
        });
    }
  const picked = q.serviceUid ? tests.get(q.serviceUid) : undefined;
  let parameters: LabWorklist['parameters'] = null;
  let rows: LabWorklistRow[] = [];
  if (picked) {
    const withTest = works.filter((w) => w.tests.some((t) => t.service.uid === picked.serviceUid));
    // the containers of those visits, each visit's in the order labelled (a rejected one never)
    const specimensOf = new Map<number, LabSpecimenRow[]>();
    const specimens = await specimensOfVisits(
      db,
      withTest.map((w) => w.visit.id),
    );
    for (const s of specimens.filter((x) => x.status !== 'rejected'))
      specimensOf.set(s.registrationId, [...(specimensOf.get(s.registrationId) ?? []), s]);
    for (const work of withTest) {
      const test = work.tests.find((t) => t.service.uid === picked.serviceUid);
      if (!test) continue;
      const shown = toWorkTest(test);
      parameters ??= shown.parameters.map((p) => ({ ...p, range: null }));
      const report = currentReport(work);
      const values = report ? toLabReport(report, work.values).values : [];
      const container = shown.container;
      const specimens = specimensOf.get(work.visit.id) ?? [];
      const specimen = specimens.find((s) => s.container === container) ?? specimens[0];
      rows.push({
        registrationId: work.visit.uid,
        queueNumber: work.visit.queueNumber,
        patientName: work.visit.patient.name,
        mrn: work.visit.patient.mrn,
        barcode: specimen?.barcode ?? null,
        specimenStatus: (specimen?.status as LabWorklistRow['specimenStatus']) ?? null,
        version: report?.version ?? null,
        reportStatus: (report?.status as LabWorklistRow['reportStatus']) ?? null,
        cells: shown.parameters.map((p) => {
          const v: LabResultValue | undefined = values.find((x) => x.parameterUid === p.uid);
          return { parameterUid: p.uid, value: v?.value ?? null, flag: v?.flag ?? null, range: p.range };
        }),
      });
    }
    if (q.search) rows = rows.filter((r) => matches(r, q.search!));
  }
  const totalDocs = rows.length;
  return {
    day,
    tests: [...tests.values()].sort((a, b) => a.nameId.localeCompare(b.nameId)),
    parameters,
    rows: {
      docs: rows.slice((q.page - 1) * q.limit, q.page * q.limit),
      page: q.page,
      limit: q.limit,
      totalDocs,
      totalPages: Math.max(1, Math.ceil(totalDocs / q.limit)),
    },
  };
}

/**
 * Saves every item as the result entry saves one visit, in one transaction: a refusal names the
 * item (`items.<i>.values.<j>.value`) and nothing is kept.
 */
export async function saveLabWorklist(db: Db, session: AuthSession, input: LabWorklistSave, ip: string) {
  await db.transaction(async (tx) => {
    for (const [i, item] of input.items.entries()) {
      try {
        await saveLabResults(
          tx,
          session,
          item.registrationId,
          { version: item.version, values: item.values },
          ip,
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw new AppError(
          error.statusCode,
          error.key,
          error.params,
          error.fields.map((f) => ({ ...f, path: `items.${i}.${f.path}` })),
        );
      }
    }
  });
  return { saved: input.items.length };
}

/** `barcode;code;value` rows after the header; quotes stripped, the header's separator. */
function parseCsv(csv: string) {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.trim());
  if (headerAt < 0) return [];
  const sep = lines[headerAt].includes(';') ? ';' : ',';
  const unquote = (v: string) =>
    v
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
  const rows: { line: number; cells: string[] }[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    rows.push({ line: i + 1, cells: lines[i].split(sep).map(unquote) });
  }
  return rows;
}

interface ImportPlan {
  rows: LabImportRow[];
  items: Map<
    string,
    { registrationId: string; version: number | null; values: { parameterUid: string; value: string }[] }
  >;
}

async function planImport(
  db: Executor,
  session: AuthSession,
  input: LabImport,
  t: Translate,
): Promise<ImportPlan> {
  const clinic = clinicOf(session, input.clinicId);
  const parsed = parseCsv(input.csv);
  if (!parsed.length) throw new AppError(400, 'labSpecimens.api.csvEmpty');
  if (parsed.length > CSV_MAX_ROWS)
    throw new AppError(400, 'labSpecimens.api.csvTooLong', { max: CSV_MAX_ROWS });
  const bad = parsed.find((r) => r.cells.length < 3 || !r.cells[0] || !r.cells[1]);
  if (bad) throw new AppError(400, 'labSpecimens.api.csvColumns', { line: bad.line });
  const specimens = await specimensByBarcode(db, clinic.id, [...new Set(parsed.map((r) => r.cells[0]))]);
  const sampled = new Set(specimens.filter((s) => s.status !== 'rejected').map((s) => s.registrationId));
  const works = new Map((await worksOfVisits(db, session, [...sampled])).map((w) => [w.visit.id, w]));
  const plan: ImportPlan = { rows: [], items: new Map() };
  for (const { line, cells } of parsed) {
    const [barcode, parameterCode, value] = cells;
    const row: LabImportRow = {
      line,
      barcode,
      parameterCode,
      value,
      queueNumber: null,
      patientName: null,
      problem: null,
    };
    plan.rows.push(row);
    const specimen = specimens.find((s) => s.barcode === barcode && s.status !== 'rejected');
    const work = specimen ? works.get(specimen.registrationId) : undefined;
    if (!specimen || !work) {
      row.problem = t('labSpecimens.api.unknownBarcode');
      continue;
    }
    row.queueNumber = work.visit.queueNumber;
    row.patientName = work.visit.patient.name;
    if (specimen.status !== 'received') {
      row.problem = t('labSpecimens.api.notReceived');
      continue;
    }
    const report = currentReport(work);
    if (report && report.status !== 'draft') {
      row.problem = t('labSpecimens.api.locked');
      continue;
    }
    const param = [...work.byUid.values()].find(
      (p) => p.row.code.toLowerCase() === parameterCode.toLowerCase() && !p.row.formula,
    );
    if (!param) {
      row.problem = t('labSpecimens.api.unknownParameter');
      continue;
    }
    try {
      checkValues([{ parameterUid: param.row.uid, value }], work.byUid);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      row.problem = t('labSpecimens.api.refused', { message: t(error.key, error.params) });
      continue;
    }
    const item = plan.items.get(work.visit.uid) ?? {
      registrationId: work.visit.uid,
      version: report?.version ?? null,
      values: [],
    };
    // the analyzer's last reading of a parameter wins
    item.values = item.values.filter((v) => v.parameterUid !== param.row.uid);
    item.values.push({ parameterUid: param.row.uid, value });
    plan.items.set(work.visit.uid, item);
  }
  return plan;
}

export async function previewLabImport(
  db: Db,
  session: AuthSession,
  input: LabImport,
  t: Translate,
): Promise<LabImportPreview> {
  const { rows, items } = await planImport(db, session, input, t);
  const problems = rows.filter((r) => r.problem).length;
  return { rows, ready: rows.length - problems, problems, samples: items.size };
}

/** All rows or none: refused while a row has a problem; the plan is read again inside the transaction. */
export async function confirmLabImport(
  db: Db,
  session: AuthSession,
  input: LabImport,
  ip: string,
  t: Translate,
) {
  return db.transaction(async (tx) => {
    const { rows, items } = await planImport(tx, session, input, t);
    const problems = rows.filter((r) => r.problem).length;
    if (problems) throw new AppError(400, 'labSpecimens.api.importRefused', { count: problems });
    for (const item of items.values())
      await saveLabResults(
        tx,
        session,
        item.registrationId,
        { version: item.version, values: item.values },
        ip,
      );
    return { saved: items.size };
  });
}
