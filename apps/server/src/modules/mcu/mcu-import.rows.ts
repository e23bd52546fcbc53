import { parseDay } from '@klinikita/domain/common/dates';
import type { McuParticipantAddInput, McuSheetColumn } from '@klinikita/domain/mcu/mcu-events.schema';
import { nikProblem } from '@klinikita/domain/patients/patient.schema';
import type { CellValue, SheetRow } from './mcu-import.xlsx.ts';

/**
 * One row of the participant sheet read and checked: NIK of 16 digits (and plausible, as the
 * patient form checks it), sex L/P, a real birth date in the past, the names and the package
 * filled in. Each problem is an issue naming its row and column; the route words it.
 */

export interface PendingIssue {
  row: number;
  column: McuSheetColumn;
  key: string;
  params?: Record<string, string | number>;
}

export interface ParticipantLine {
  row: number;
  employeeNumber: string;
  name: string;
  nik: string;
  department: string | null;
  job: string | null;
  /** the JENIS PAKET cell: a job group of the event, or a package's code or name */
  package: string;
  sex: 'M' | 'F';
  birthDate: string;
  address: string | null;
}

/** Text as typed; a number (NIK, employee number) as its digits. */
export function cellText(v: CellValue | undefined): string {
  if (v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  return String(v).trim();
}

function sexOf(v: string): 'M' | 'F' | null {
  const n = v.trim().toLowerCase();
  if (['l', 'm', 'lk', 'laki-laki', 'laki laki', 'pria', 'male'].includes(n)) return 'M';
  if (['p', 'f', 'pr', 'perempuan', 'wanita', 'female'].includes(n)) return 'F';
  return null;
}

/** A day: a date cell, an Excel day number, YYYY-MM-DD, DD/MM/YYYY or DD-MM-YYYY; TTL "Kota, DD-MM-YYYY". */
function dayOf(v: CellValue | undefined): string | null {
  if (v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 1) return null;
    return new Date(Date.UTC(1899, 11, 30 + v)).toISOString().slice(0, 10);
  }
  const text = String(v).split(',').pop()?.trim().replace(/[.-]/g, '/') ?? '';
  const padded = text.replace(/^(\d)\//, '0$1/').replace(/\/(\d)\//, '/0$1/');
  return parseDay('iso', text.replace(/\//g, '-')) ?? parseDay('ddmmyyyy', padded);
}

/** The cells of a row as text (what the form that fixes a rejected row starts from). */
export function rowCells(cells: SheetRow['cells']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(cells)) {
    if (key === 'birthDate' && value instanceof Date) out[key] = value.toISOString().slice(0, 10);
    else if (key === 'birthDate' && typeof value === 'number') out[key] = dayOf(value) ?? String(value);
    else out[key] = cellText(value);
  }
  return out;
}

/** A form's participant as a sheet row (its cells are text). */
export const formRow = (input: McuParticipantAddInput): SheetRow => ({
  row: 1,
  cells: Object.fromEntries(Object.entries(input).filter(([, v]) => v !== '')) as SheetRow['cells'],
});

const NIK_KEYS = {
  format: 'nikFormat',
  province: 'nikProvince',
  date: 'nikDate',
  serial: 'nikSerial',
} as const;

export function readParticipantRow(
  { row, cells }: SheetRow,
  today: string,
): { line: ParticipantLine } | { issues: PendingIssue[] } {
  const issues: PendingIssue[] = [];
  const bad = (column: McuSheetColumn, key: string, params?: Record<string, string | number>) =>
    issues.push({ row, column, key: `mcuSetup.${key}`, params });
  const employeeNumber = cellText(cells.employeeNumber);
  const name = cellText(cells.name).replace(/\s+/g, ' ');
  const nik = cellText(cells.nik).replace(/[\s.]/g, '');
  const pkg = cellText(cells.package);
  if (!employeeNumber) bad('employeeNumber', 'employeeNumberRequired');
  else if (employeeNumber.length > 60) bad('employeeNumber', 'tooLong');
  if (name.length < 2) bad('name', 'nameRequired');
  else if (name.length > 120) bad('name', 'tooLong');
  if (!nik) bad('nik', 'nikRequired');
  else {
    const problem = nikProblem(nik);
    if (problem) bad('nik', NIK_KEYS[problem]);
  }
  if (!pkg) bad('package', 'packageRequired');
  const sexText = cellText(cells.sex);
  const sex = sexOf(sexText);
  if (!sexText) bad('sex', 'sexRequired');
  else if (!sex) bad('sex', 'sexInvalid');
  const birthDate = cells.birthDate === undefined ? null : dayOf(cells.birthDate);
  if (cells.birthDate === undefined) bad('birthDate', 'birthDateRequired');
  else if (!birthDate || birthDate < '1900-01-01') bad('birthDate', 'birthDateInvalid');
  else if (birthDate > today) bad('birthDate', 'birthDateFuture');
  if (issues.length) return { issues };
  const optional = (v: CellValue | undefined, max: number) => cellText(v).slice(0, max) || null;
  return {
    line: {
      row,
      employeeNumber,
      name,
      nik,
      department: optional(cells.department, 100),
      job: optional(cells.job, 100),
      package: pkg,
      sex: sex as 'M' | 'F',
      birthDate: birthDate as string,
      address: optional(cells.address, 300),
    },
  };
}
