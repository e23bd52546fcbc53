import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { translate } from '@klinikita/domain/i18n/translate';
import type { McuParticipantAddInput, McuSheetColumn } from '@klinikita/domain/mcu/mcu-events.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import type { Tx } from '../../shared/sql.ts';
import { registerImportedPatients } from '../patients/patients-bulk.service.ts';
import { type EventRow, eventPackages } from './mcu-events.queries.ts';
import { refuse, scopedEvent } from './mcu-events.service.ts';
import {
  formRow,
  type ParticipantLine,
  type PendingIssue,
  readParticipantRow,
  rowCells,
} from './mcu-import.rows.ts';
import { readParticipantSheet, type SheetRow } from './mcu-import.xlsx.ts';
import {
  employeesByNik,
  insertParticipants,
  type ParticipantRow,
  participantsByEmployee,
  patientsByNik,
  takeCompanyNumbers,
  updateParticipant,
} from './mcu-participants.queries.ts';

/**
 * The participant import (issue 20 §2): every row checked; valid rows added or changed by
 * (event, employee number), so a re-import never duplicates; each participant matched to the
 * corporate's patient by NIK (one query for all NIKs), a new patient registered through the
 * patients service otherwise; new participants numbered per company without gaps (the numbers
 * are taken once every row that will be written is known). Invalid rows are reported, not written.
 */

export const IMPORT_MAX_ROWS = 5000;

export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  patientsCreated: number;
  issues: PendingIssue[];
  rejectedRows: { row: number; cells: Record<string, string> }[];
}

/** The printed MCU number: the company's code (else its number) and the sequence, 4 digits at least. */
export const mcuNumberOf = (company: { code: string | null; id: number }, seq: number) =>
  `${(company.code || `C${company.id}`).toUpperCase()}-${String(seq).padStart(4, '0')}`;

type Resolved = ParticipantLine & { packageId: number; jobGroup: string };

/** JENIS PAKET → the event's package: a job group, else a package's code or name. */
function packageResolver(packages: Awaited<ReturnType<typeof eventPackages>>) {
  const byKey = new Map<string, { packageId: number; jobGroup: string }>();
  for (const p of packages)
    byKey.set(p.jobGroup.toLowerCase(), { packageId: p.packageId, jobGroup: p.jobGroup });
  for (const p of packages)
    for (const k of [p.code.toLowerCase(), p.name.toLowerCase()])
      if (!byKey.has(k)) byKey.set(k, { packageId: p.packageId, jobGroup: p.jobGroup });
  return (text: string) => byKey.get(text.trim().toLowerCase()) ?? null;
}

/** What differs between a row and its participant; after check-in only department and job may change. */
function changesOf(line: Resolved, p: ParticipantRow, patientId: number) {
  const identity = {
    name: line.name,
    nik: line.nik,
    sex: line.sex,
    birthDate: line.birthDate,
    packageId: line.packageId,
    jobGroup: line.jobGroup,
    patientId,
  };
  const light = { department: line.department, job: line.job };
  const set: Record<string, unknown> = {};
  const blocked: McuSheetColumn[] = [];
  for (const [k, v] of Object.entries(light)) if (p[k as keyof ParticipantRow] !== v) set[k] = v;
  for (const [k, v] of Object.entries(identity))
    if (p[k as keyof ParticipantRow] !== v) {
      if (p.status === 'registered') set[k] = v;
      else if (k !== 'patientId' && k !== 'jobGroup')
        blocked.push(k === 'packageId' ? 'package' : (k as McuSheetColumn));
    }
  return { set, blocked };
}

async function writeLines(
  tx: Tx,
  session: AuthSession,
  event: EventRow,
  sheetRows: SheetRow[],
  ip: string,
  out: ImportOutcome,
) {
  const clinic = clinicOf(session, event.clinicId);
  const today = clinicDay(clinic.timeZone);
  const resolve = packageResolver(await eventPackages(tx, [event.id]));
  const valid: Resolved[] = [];
  const seenEmployee = new Map<string, number>();
  const seenNik = new Map<string, number>();
  for (const sheetRow of sheetRows) {
    const read = readParticipantRow(sheetRow, today);
    if ('issues' in read) {
      out.issues.push(...read.issues);
      continue;
    }
    const { line } = read;
    const pkg = resolve(line.package);
    const rowIssues: PendingIssue[] = [];
    if (!pkg)
      rowIssues.push({
        row: line.row,
        column: 'package',
        key: 'mcuSetup.packageUnknown',
        params: { value: line.package },
      });
    const firstEmployee = seenEmployee.get(line.employeeNumber.toLowerCase());
    if (firstEmployee !== undefined)
      rowIssues.push({
        row: line.row,
        column: 'employeeNumber',
        key: 'mcuSetup.duplicateInFile',
        params: { row: firstEmployee },
      });
    const firstNik = seenNik.get(line.nik);
    if (firstNik !== undefined)
      rowIssues.push({
        row: line.row,
        column: 'nik',
        key: 'mcuSetup.duplicateInFile',
        params: { row: firstNik },
      });
    if (rowIssues.length || !pkg) {
      out.issues.push(...rowIssues);
      continue;
    }
    seenEmployee.set(line.employeeNumber.toLowerCase(), line.row);
    seenNik.set(line.nik, line.row);
    valid.push({ ...line, ...pkg });
  }

  const existing = await participantsByEmployee(
    tx,
    event.id,
    valid.map((v) => v.employeeNumber),
  );
  // another employee number of the event already has this NIK: one person, one participant
  const takenNik = await employeesByNik(
    tx,
    event.id,
    valid.map((v) => v.nik),
  );
  const patients = await patientsByNik(
    tx,
    session.corpId,
    valid.map((v) => v.nik),
  );
  // one batch of new patients for the NIKs the corporate does not know yet
  const accepted: Resolved[] = [];
  for (const line of valid) {
    const holder = takenNik.get(line.nik);
    if (holder && holder !== line.employeeNumber.toLowerCase()) {
      out.issues.push({ row: line.row, column: 'nik', key: 'mcuSetup.nikInEvent' });
      continue;
    }
    accepted.push(line);
  }
  const unknown = accepted.filter((line) => {
    const mine = existing.get(line.employeeNumber.toLowerCase());
    return !patients.has(line.nik) && (!mine || mine.status === 'registered');
  });
  const created = await registerImportedPatients(
    tx,
    session,
    event.clinicId,
    unknown.map((line) => ({
      nik: line.nik,
      name: line.name,
      sex: line.sex,
      dob: line.birthDate,
      address: line.address,
      companyId: event.companyId,
    })),
    ip,
  );
  out.patientsCreated += created.size;
  const toInsert: (Resolved & { patientId: number })[] = [];
  for (const line of accepted) {
    const mine = existing.get(line.employeeNumber.toLowerCase());
    const patientId = patients.get(line.nik)?.id ?? created.get(line.nik);
    if (!mine) {
      toInsert.push({ ...line, patientId: patientId as number });
      continue;
    }
    const { set, blocked } = changesOf(line, mine, patientId ?? mine.patientId);
    if (blocked.length) {
      for (const column of blocked)
        out.issues.push({ row: line.row, column, key: 'mcuSetup.changedAfterCheckIn' });
      continue;
    }
    if (!Object.keys(set).length) {
      out.unchanged += 1;
      continue;
    }
    await updateParticipant(tx, mine.id, set);
    out.updated += 1;
  }
  if (toInsert.length) {
    const first = await takeCompanyNumbers(tx, event.companyId, toInsert.length);
    const company = { id: event.companyId, code: event.companyCode };
    await insertParticipants(
      tx,
      toInsert.map((line, i) => ({
        uid: newUid(),
        corpId: session.corpId,
        clinicId: event.clinicId,
        eventId: event.id,
        companyId: event.companyId,
        seq: first + i,
        mcuNumber: mcuNumberOf(company, first + i),
        patientId: line.patientId,
        employeeNumber: line.employeeNumber,
        nik: line.nik,
        name: line.name,
        sex: line.sex,
        birthDate: line.birthDate,
        department: line.department,
        job: line.job,
        jobGroup: line.jobGroup,
        packageId: line.packageId,
        createdBy: session.userId,
      })),
    );
    out.created += toInsert.length;
  }
}

async function run(db: Db, session: AuthSession, uid: string, rows: SheetRow[], ip: string, source: string) {
  const out: ImportOutcome = {
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    patientsCreated: 0,
    issues: [],
    rejectedRows: [],
  };
  await db.transaction(async (tx) => {
    // the event row is locked: two imports of one event run one after the other
    const event = await scopedEvent(tx, session, uid, true);
    if (event.status === 'closed') throw refuse(409, 'eventClosed');
    await writeLines(tx, session, event, rows, ip, out);
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId: event.clinicId,
      action: 'mcu.participant.import',
      entity: 'mcu_event',
      entityId: uid,
      ip,
      detail: {
        source,
        rows: rows.length,
        created: out.created,
        updated: out.updated,
        rejected: new Set(out.issues.map((i) => i.row)).size,
      },
    });
  });
  const rejected = new Set(out.issues.map((i) => i.row));
  out.rejected = rejected.size;
  out.issues.sort((a, b) => a.row - b.row);
  out.rejectedRows = rows
    .filter((r) => rejected.has(r.row))
    .map((r) => ({ row: r.row, cells: rowCells(r.cells) }));
  return out;
}

export async function importParticipants(
  db: Db,
  session: AuthSession,
  uid: string,
  content: Buffer,
  ip: string,
) {
  await scopedEvent(db, session, uid);
  const sheet = await readParticipantSheet(content);
  if (!sheet) throw refuse(400, 'importNotWorkbook');
  if (sheet.missing.length)
    throw refuse(400, 'importColumnsMissing', {
      // the template's (Indonesian) headings: the ones the company's sheet should carry
      columns: sheet.missing.map((k) => translate('id', `mcuSetup.columns.${k}`)).join(', '),
    });
  if (!sheet.rows.length) throw refuse(400, 'importEmpty');
  if (sheet.rows.length > IMPORT_MAX_ROWS) throw refuse(400, 'importTooManyRows', { max: IMPORT_MAX_ROWS });
  return run(db, session, uid, sheet.rows, ip, 'xlsx');
}

/** One participant typed in the form (a rejected row fixed by hand): the same checks as a sheet row. */
export function addParticipant(
  db: Db,
  session: AuthSession,
  uid: string,
  input: McuParticipantAddInput,
  ip: string,
) {
  return run(db, session, uid, [formRow(input)], ip, 'form');
}
