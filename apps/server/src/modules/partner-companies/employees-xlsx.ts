import type { Locale } from '@klinikita/domain/i18n/locale';
import { translate } from '@klinikita/domain/i18n/translate';
import ExcelJS from 'exceljs';
import { type CellValue, firstSheet, plainCell } from '../../shared/xlsx-read.ts';

export type { CellValue };

/**
 * The employee import's workbook (ExcelJS): one sheet, a header row in either language (or the
 * column keys), one employee per row. The template writes the caller's language, NIK and employee
 * number as text (a 16-digit number would lose its last digits in a spreadsheet).
 */

export const EMPLOYEE_COLUMNS = [
  'employeeNumber',
  'nik',
  'name',
  'birthDate',
  'sex',
  'department',
  'active',
] as const;
export type EmployeeColumn = (typeof EMPLOYEE_COLUMNS)[number];
export interface SheetRow {
  row: number;
  cells: Partial<Record<EmployeeColumn, CellValue>>;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LOCALES: Locale[] = ['id', 'en'];
const t = (locale: Locale, key: string) => translate(locale, `partnerCompanies.${key}`);
const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

export async function buildTemplate(locale: Locale): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Klinikita';
  const sheet = book.addWorksheet(t(locale, 'xlsx.sheet'));
  sheet.columns = EMPLOYEE_COLUMNS.map((key) => ({
    key,
    width: 22,
    style: key === 'nik' || key === 'employeeNumber' ? { numFmt: '@' } : {},
  }));
  const header = sheet.addRow(EMPLOYEE_COLUMNS.map((key) => t(locale, `columns.${key}`)));
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const sexValues = `"${t(locale, 'xlsx.male')},${t(locale, 'xlsx.female')}"`;
  const yesNo = `"${t(locale, 'xlsx.yes')},${t(locale, 'xlsx.no')}"`;
  for (let row = 2; row <= 1000; row += 1) {
    sheet.getCell(row, 5).dataValidation = { type: 'list', allowBlank: true, formulae: [sexValues] };
    sheet.getCell(row, 7).dataValidation = { type: 'list', allowBlank: true, formulae: [yesNo] };
  }
  const notes = book.addWorksheet(t(locale, 'xlsx.notesSheet'));
  notes.getColumn(1).width = 100;
  for (const line of t(locale, 'xlsx.notes').split('\n')) notes.addRow([line]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The rows of an uploaded workbook's first sheet (blank rows skipped), the columns found by their
 * header; null when the file is not a workbook. `missing` names the columns not found.
 */
export async function readEmployeeSheet(
  content: Buffer,
): Promise<{ rows: SheetRow[]; missing: EmployeeColumn[] } | null> {
  const sheet = await firstSheet(content);
  if (!sheet) return null;
  const byLabel = new Map<string, EmployeeColumn>();
  for (const key of EMPLOYEE_COLUMNS) {
    byLabel.set(norm(key), key);
    for (const locale of LOCALES) byLabel.set(norm(t(locale, `columns.${key}`)), key);
  }
  const columns = new Map<number, EmployeeColumn>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = byLabel.get(norm(String(plainCell(cell.value) ?? '')));
    if (key) columns.set(col, key);
  });
  const found = new Set(columns.values());
  const missing = EMPLOYEE_COLUMNS.filter((k) => k !== 'department' && k !== 'active' && !found.has(k));
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells: SheetRow['cells'] = {};
    for (const [col, key] of columns) {
      const value = plainCell(row.getCell(col).value);
      if (value !== null) cells[key] = value;
    }
    if (Object.keys(cells).length) rows.push({ row: number, cells });
  });
  return { rows, missing };
}
