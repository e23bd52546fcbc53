import { parseDay } from '@klinikita/domain/common/dates';
import type { Locale } from '@klinikita/domain/i18n/locale';
import { translate } from '@klinikita/domain/i18n/translate';
import { employeeNumberKey } from '@klinikita/domain/partner-companies/partner-company.rules';
import {
  type EmployeeSaveInput,
  employeeSaveSchema,
} from '@klinikita/domain/partner-companies/partner-company.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { AppError } from '../../shared/errors.ts';
import { isUniqueViolation } from '../../shared/sql.ts';
import { writeEmployee } from './covered-employees.service.ts';
import { type CellValue, type EmployeeColumn, readEmployeeSheet, type SheetRow } from './employees-xlsx.ts';
import { employeesByNumber } from './partner-companies.queries.ts';
import { audit, scopedCompany } from './partner-companies.scope.ts';

/**
 * The employee import: every row is read with the same schema as the form. Valid rows are added
 * or changed by employee number (each in a savepoint, so a row refused by the database leaves no
 * trace); each invalid row is reported with its row, column and message and not written at all.
 */

/** Most data rows of one import. */
export const IMPORT_MAX_ROWS = 5000;

/** An issue before translation: the route words it in the caller's language. */
export interface PendingIssue {
  row: number;
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

const LOCALES: Locale[] = ['id', 'en'];
const norm = (v: string) => v.trim().toLowerCase();
const BAD = Symbol('bad');

/** Text as typed; a number (NIK, employee number) as its digits. */
const text = (v: CellValue | undefined): string | undefined => {
  if (v === undefined) return undefined;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  return String(v).trim();
};

const matches = (v: string, key: string) =>
  LOCALES.some((l) => norm(translate(l, `partnerCompanies.xlsx.${key}`)) === v);

function sex(v: CellValue | undefined): 'M' | 'F' | undefined | typeof BAD {
  const t = text(v);
  if (!t) return undefined;
  const n = norm(t);
  if (['m', 'l', 'male', 'laki-laki', 'pria'].includes(n) || matches(n, 'male')) return 'M';
  if (['f', 'p', 'female', 'perempuan', 'wanita'].includes(n) || matches(n, 'female')) return 'F';
  return BAD;
}

function yesNo(v: CellValue | undefined): boolean | typeof BAD {
  if (v === undefined) return true;
  if (typeof v === 'boolean') return v;
  const n = norm(String(v));
  if (['ya', 'yes', 'y', 'true', '1', 'aktif', 'active'].includes(n) || matches(n, 'yes')) return true;
  if (['tidak', 'no', 'n', 'false', '0', 'nonaktif', 'inactive'].includes(n) || matches(n, 'no'))
    return false;
  return BAD;
}

/** A day: a date cell, an Excel day number, YYYY-MM-DD or DD/MM/YYYY. */
function day(v: CellValue | undefined): string | undefined | typeof BAD {
  if (v === undefined) return undefined;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 1) return BAD;
    return new Date(Date.UTC(1899, 11, 30 + v)).toISOString().slice(0, 10);
  }
  const t = String(v).trim();
  return parseDay('iso', t) ?? parseDay('ddmmyyyy', t) ?? BAD;
}

/** One sheet row read into the form's input, or its issues. */
export function readRow({ row, cells }: SheetRow): { input: EmployeeSaveInput } | { issues: PendingIssue[] } {
  const issues: PendingIssue[] = [];
  const bad = (field: EmployeeColumn, key: string) =>
    issues.push({ row, field, key: `partnerCompanies.${key}` });
  const sexValue = sex(cells.sex);
  const birthDate = day(cells.birthDate);
  const active = yesNo(cells.active);
  if (sexValue === BAD) bad('sex', 'sexInvalid');
  if (birthDate === BAD) bad('birthDate', 'dateInvalid');
  if (active === BAD) bad('active', 'activeInvalid');
  const parsed = employeeSaveSchema.safeParse({
    employeeNumber: text(cells.employeeNumber) ?? '',
    nik: text(cells.nik) ?? '',
    name: text(cells.name) ?? '',
    birthDate: birthDate === BAD ? '2000-01-01' : (birthDate ?? ''),
    sex: sexValue === BAD ? 'M' : sexValue,
    department: text(cells.department) ?? null,
    active: active === BAD ? true : active,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      issues.push({ row, field: String(issue.path[0] ?? ''), key: issue.message });
  return issues.length || !parsed.success ? { issues } : { input: parsed.data };
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  issues: PendingIssue[];
}

export async function importEmployees(
  db: Db,
  session: AuthSession,
  uid: string,
  content: Buffer,
  ip: string,
): Promise<ImportCounts> {
  // another corporate's company is not found, whatever the file holds
  await scopedCompany(db, session, uid);
  const sheet = await readEmployeeSheet(content);
  if (!sheet) throw new AppError(400, 'partnerCompanies.importNotWorkbook');
  if (sheet.missing.length)
    throw new AppError(400, 'partnerCompanies.importColumnsMissing', { columns: sheet.missing.join(', ') });
  if (!sheet.rows.length) throw new AppError(400, 'partnerCompanies.importEmpty');
  if (sheet.rows.length > IMPORT_MAX_ROWS)
    throw new AppError(400, 'partnerCompanies.importTooManyRows', { max: IMPORT_MAX_ROWS });
  const issues: PendingIssue[] = [];
  const valid: { row: number; input: EmployeeSaveInput }[] = [];
  const seen = new Map<string, number>();
  for (const sheetRow of sheet.rows) {
    const read = readRow(sheetRow);
    if ('issues' in read) {
      issues.push(...read.issues);
      continue;
    }
    const key = employeeNumberKey(read.input.employeeNumber);
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({
        row: sheetRow.row,
        field: 'employeeNumber',
        key: 'partnerCompanies.duplicateInFile',
        params: { row: first },
      });
      continue;
    }
    seen.set(key, sheetRow.row);
    valid.push({ row: sheetRow.row, input: read.input });
  }
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, rejected: 0, issues };
  await db.transaction(async (tx) => {
    const { company } = await scopedCompany(tx, session, uid, true);
    const existing = await employeesByNumber(
      tx,
      company.id,
      valid.map((v) => v.input.employeeNumber),
    );
    for (const { row, input } of valid) {
      try {
        // a savepoint per row: a row the database refuses is left out whole
        const { change } = await tx.transaction((sp) =>
          writeEmployee(
            sp,
            session,
            company,
            input,
            existing.get(employeeNumberKey(input.employeeNumber)) ?? null,
          ),
        );
        counts[change] += 1;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        issues.push({ row, field: 'employeeNumber', key: 'partnerCompanies.employeeNumberTakenField' });
      }
    }
    await audit(tx, session, ip, {
      action: 'partnerCompany.employee.import',
      entityId: uid,
      detail: {
        created: counts.created,
        updated: counts.updated,
        unchanged: counts.unchanged,
        rows: sheet.rows.length,
      },
    });
  });
  counts.rejected = new Set(issues.map((i) => i.row)).size;
  issues.sort((a, b) => a.row - b.row);
  return counts;
}
