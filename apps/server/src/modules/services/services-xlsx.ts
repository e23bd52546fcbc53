import type { Locale } from '@klinikita/domain/i18n/locale';
import { translate } from '@klinikita/domain/i18n/translate';
import {
  PAYER_CLASSES,
  type PackageItem,
  SERVICE_GROUPS,
  type Service,
  type ServicePrice,
  TAX_CATEGORIES,
} from '@klinikita/domain/services/service.schema';
import ExcelJS from 'exceljs';

/**
 * The service master as a workbook (ExcelJS): sheet 1 the services (Layanan), sheet 2 every price
 * period (Tarif). Headers are written in the caller's language and read in either; enumerations
 * are written as their codes (a drop-down offers them) and read as codes or labels.
 */

export const SERVICE_COLUMNS = [
  'code',
  'nameId',
  'nameEn',
  'group',
  'unit',
  'taxCategory',
  'icd9Code',
  'specialist',
  'isPackage',
  'items',
  'active',
] as const;
export const PRICE_COLUMNS = [
  'code',
  'clinicId',
  'clinicName',
  'payerClass',
  'validFrom',
  'validTo',
  'facilityFee',
  'professionalFee',
  'consumablesFee',
  'total',
] as const;
type ServiceColumn = (typeof SERVICE_COLUMNS)[number];
type PriceColumn = (typeof PRICE_COLUMNS)[number];
/** Columns the export writes for reading only (the import ignores them). */
const READ_ONLY: readonly string[] = ['clinicName', 'total'];

const LOCALES: Locale[] = ['id', 'en'];
const t = (locale: Locale, key: string) => translate(locale, `services.${key}`);

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExportData {
  services: (Service & { items: PackageItem[] })[];
  prices: (ServicePrice & { code: string })[];
}

const yesNo = (locale: Locale, value: boolean) => t(locale, value ? 'xlsx.yes' : 'xlsx.no');
/** "FIS-SESI × 6; LAB-SGOT": the items of a package, a quantity above 1 after ×. */
export const itemsText = (items: readonly { code: string; quantity: number }[]) =>
  items.map((i) => (i.quantity > 1 ? `${i.code} × ${i.quantity}` : i.code)).join('; ');

function header(sheet: ExcelJS.Worksheet, labels: string[]) {
  const row = sheet.addRow(labels);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4F1' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

const list = (values: readonly string[]): ExcelJS.DataValidation => ({
  type: 'list',
  allowBlank: true,
  formulae: [`"${values.join(',')}"`],
});

/** The workbook of the export. */
export async function buildWorkbook(data: ExportData, locale: Locale): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Klinikita';
  const sheet = book.addWorksheet(t(locale, 'xlsx.servicesSheet'));
  header(
    sheet,
    SERVICE_COLUMNS.map((c) => t(locale, `columns.${c}`)),
  );
  for (const s of data.services) {
    sheet.addRow([
      s.code,
      s.nameId,
      s.nameEn,
      s.group,
      s.unit,
      s.taxCategory,
      s.icd9Code,
      s.specialist,
      yesNo(locale, s.isPackage),
      itemsText(s.items) || null,
      yesNo(locale, s.active),
    ]);
  }
  sheet.columns.forEach((column, i) => {
    column.width = [14, 34, 34, 14, 12, 10, 10, 22, 8, 40, 8][i];
  });
  const last = Math.max(2, data.services.length + 200);
  const yesNoList = list([yesNo(locale, true), yesNo(locale, false)]);
  for (let r = 2; r <= last; r++) {
    sheet.getCell(r, 4).dataValidation = list(SERVICE_GROUPS);
    sheet.getCell(r, 6).dataValidation = list(TAX_CATEGORIES);
    sheet.getCell(r, 9).dataValidation = yesNoList;
    sheet.getCell(r, 11).dataValidation = yesNoList;
  }

  const prices = book.addWorksheet(t(locale, 'xlsx.pricesSheet'));
  header(
    prices,
    PRICE_COLUMNS.map((c) => t(locale, `columns.${c}`)),
  );
  for (const p of data.prices) {
    prices.addRow([
      p.code,
      p.clinicId,
      p.clinicName ?? t(locale, 'xlsx.allClinics'),
      p.payerClass,
      p.validFrom,
      p.validTo,
      p.facilityFee,
      p.professionalFee,
      p.consumablesFee,
      p.total,
    ]);
  }
  prices.columns.forEach((column, i) => {
    column.width = [14, 10, 34, 12, 12, 12, 14, 14, 14, 14][i];
    if (i >= 6) column.numFmt = '#,##0';
  });
  for (let r = 2; r <= Math.max(2, data.prices.length + 200); r++)
    prices.getCell(r, 4).dataValidation = list(PAYER_CLASSES);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One data row of a sheet: its row number as Excel shows it and its cells by column key. */
export interface SheetRow<C extends string> {
  row: number;
  cells: Partial<Record<C, CellValue>>;
}
export type CellValue = string | number | boolean | Date;

export interface ReadWorkbook {
  services: SheetRow<ServiceColumn>[];
  prices: SheetRow<PriceColumn>[];
}

const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** A cell's plain value: rich text, hyperlinks and formulas to their text or result. */
function plain(value: ExcelJS.CellValue): CellValue | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') {
    if (typeof value === 'string' && value.trim() === '') return null;
    return value as CellValue;
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  if ('result' in value) return plain(value.result as ExcelJS.CellValue);
  return null;
}

/** A sheet's columns by key, from its header row (either language, or the key itself). */
function columnsOf<C extends string>(sheet: ExcelJS.Worksheet, keys: readonly C[]): Map<number, C> {
  const byLabel = new Map<string, C>();
  for (const key of keys) {
    if (READ_ONLY.includes(key)) continue;
    byLabel.set(norm(key), key);
    for (const locale of LOCALES) byLabel.set(norm(t(locale, `columns.${key}`)), key);
  }
  const found = new Map<number, C>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = byLabel.get(norm(String(plain(cell.value) ?? '')));
    if (key) found.set(col, key);
  });
  return found;
}

function rowsOf<C extends string>(sheet: ExcelJS.Worksheet | undefined, keys: readonly C[]): SheetRow<C>[] {
  if (!sheet) return [];
  const columns = columnsOf(sheet, keys);
  const rows: SheetRow<C>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells: Partial<Record<C, CellValue>> = {};
    for (const [col, key] of columns) {
      const value = plain(row.getCell(col).value);
      if (value !== null) cells[key] = value;
    }
    if (Object.keys(cells).length) rows.push({ row: number, cells });
  });
  return rows;
}

/** Whether a sheet is the one named `key` in either language. */
const named = (sheet: ExcelJS.Worksheet, key: string) =>
  LOCALES.some((l) => norm(sheet.name) === norm(t(l, key)));

/**
 * The rows of an uploaded workbook: the services sheet (by name, else the first) and the prices
 * sheet (by name, else the second); null when the file is not a workbook.
 */
export async function readWorkbook(content: Buffer): Promise<ReadWorkbook | null> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheets = book.worksheets;
  if (!sheets.length) return null;
  const servicesSheet = sheets.find((s) => named(s, 'xlsx.servicesSheet')) ?? sheets[0];
  const pricesSheet =
    sheets.find((s) => named(s, 'xlsx.pricesSheet')) ?? sheets.find((s) => s !== servicesSheet);
  return {
    services: rowsOf(servicesSheet, SERVICE_COLUMNS),
    prices: rowsOf(pricesSheet, PRICE_COLUMNS),
  };
}
