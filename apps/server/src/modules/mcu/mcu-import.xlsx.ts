import type { Locale } from '@klinikita/domain/i18n/locale';
import { translate } from '@klinikita/domain/i18n/translate';
import {
  MCU_REQUIRED_COLUMNS,
  MCU_SHEET_COLUMNS,
  type McuSheetColumn,
} from '@klinikita/domain/mcu/mcu-events.schema';
import ExcelJS from 'exceljs';
import { type CellValue, firstSheet, plainCell } from '../../shared/xlsx-read.ts';

export type { CellValue };

/**
 * The participant sheet (research §2.2): NO | NIK-KARYAWAN | NAMA KARYAWAN | NIK | BAGIAN |
 * PEKERJAAN | JENIS PAKET | JK | TGL LAHIR | ALAMAT, the header in either language (the MMC
 * template's TTL and JENIS KELAMIN too). Employee number and NIK are written as text: a 16-digit
 * number loses its last digits in a spreadsheet.
 */

export interface SheetRow {
  row: number;
  cells: Partial<Record<McuSheetColumn, CellValue>>;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LOCALES: Locale[] = ['id', 'en'];
const t = (locale: Locale, key: string, params?: Record<string, string | number>) =>
  translate(locale, `mcuSetup.${key}`, params);
const norm = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** Headers other templates use for the same columns. */
const ALIASES: Record<string, McuSheetColumn> = {
  ttl: 'birthDate',
  'tanggal lahir': 'birthDate',
  'jenis kelamin': 'sex',
  'nik ktp': 'nik',
  'no ktp': 'nik',
  paket: 'package',
  'no karyawan': 'employeeNumber',
  nip: 'employeeNumber',
  nama: 'name',
  jabatan: 'job',
  departemen: 'department',
};

export async function buildParticipantTemplate(locale: Locale, jobGroups: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Klinikita';
  const sheet = book.addWorksheet(t(locale, 'xlsx.sheet'));
  sheet.columns = MCU_SHEET_COLUMNS.map((key) => ({
    key,
    width: key === 'no' || key === 'sex' ? 8 : 22,
    style: key === 'nik' || key === 'employeeNumber' ? { numFmt: '@' } : {},
  }));
  const header = sheet.addRow(MCU_SHEET_COLUMNS.map((key) => t(locale, `columns.${key}`)));
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const packageCol = MCU_SHEET_COLUMNS.indexOf('package') + 1;
  const sexCol = MCU_SHEET_COLUMNS.indexOf('sex') + 1;
  const groups = jobGroups.join(',').replace(/"/g, '');
  for (let row = 2; row <= 1000; row += 1) {
    sheet.getCell(row, sexCol).dataValidation = { type: 'list', allowBlank: true, formulae: ['"L,P"'] };
    if (groups && groups.length < 250)
      sheet.getCell(row, packageCol).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${groups}"`],
      };
  }
  const notes = book.addWorksheet(t(locale, 'xlsx.notesSheet'));
  notes.getColumn(1).width = 100;
  for (const line of t(locale, 'xlsx.notes', { groups: jobGroups.join(', ') }).split('\n'))
    notes.addRow([line]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The rows of the first sheet (blank rows skipped), the columns found by their header in the first
 * five rows (a sheet may carry a title or the "data lengkap" summary above it); null: not a workbook.
 */
export async function readParticipantSheet(
  content: Buffer,
): Promise<{ rows: SheetRow[]; missing: McuSheetColumn[] } | null> {
  const sheet = await firstSheet(content);
  if (!sheet) return null;
  const byLabel = new Map<string, McuSheetColumn>(Object.entries(ALIASES));
  for (const key of MCU_SHEET_COLUMNS) {
    byLabel.set(norm(key), key);
    for (const locale of LOCALES) byLabel.set(norm(t(locale, `columns.${key}`)), key);
  }
  let headerRow = 1;
  let columns = new Map<number, McuSheetColumn>();
  for (let r = 1; r <= Math.min(5, sheet.rowCount); r += 1) {
    const found = new Map<number, McuSheetColumn>();
    sheet.getRow(r).eachCell((cell, col) => {
      const key = byLabel.get(norm(String(plainCell(cell.value) ?? '')));
      if (key && ![...found.values()].includes(key)) found.set(col, key);
    });
    if (found.size > columns.size) {
      columns = found;
      headerRow = r;
    }
  }
  const present = new Set(columns.values());
  const missing = MCU_REQUIRED_COLUMNS.filter((k) => !present.has(k));
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number <= headerRow) return;
    const cells: SheetRow['cells'] = {};
    for (const [col, key] of columns) {
      if (key === 'no') continue;
      const value = plainCell(row.getCell(col).value);
      if (value !== null) cells[key] = value;
    }
    if (Object.keys(cells).length) rows.push({ row: number, cells });
  });
  return { rows, missing };
}
