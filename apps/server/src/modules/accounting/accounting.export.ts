import { csvField } from '@klinikita/domain/accounting/accounting.rules';
import { sheetName } from '@klinikita/domain/billing/transaction-report.rules';
import type { Locale } from '@klinikita/domain/i18n/locale';
import { translate } from '@klinikita/domain/i18n/translate';
import ExcelJS from 'exceljs';
import { COLUMN_WIDTH, HEADER_FILL, MONEY_FORMAT } from '../transaction-report/transaction-report.xlsx.ts';
import type { ExportLine } from './accounting.service.ts';

/**
 * The journal as files for an accounting system: one row per journal line (day, entry, source,
 * reference, description, account code and name, debit, credit). xlsx per the spec (sheet name at
 * most 30 characters, columns 20 wide, a grey header, money as numbers); CSV comma separated,
 * UTF-8 with a header row, amounts as plain integers.
 */

const FIELDS = [
  'day',
  'entryUid',
  'source',
  'reference',
  'description',
  'accountCode',
  'accountName',
  'debit',
  'credit',
] as const;

const headers = (locale: Locale) => FIELDS.map((f) => translate(locale, `accounting.columns.${f}`));
const values = (l: ExportLine, locale: Locale) =>
  FIELDS.map((f) => (f === 'source' ? translate(locale, `accounting.sources.${l.source}`) : l[f]));

export async function journalXlsx(
  lines: readonly ExportLine[],
  range: { from: string; to: string },
  locale: Locale,
) {
  const book = new ExcelJS.Workbook();
  book.creator = 'Klinikita';
  const sheet = book.addWorksheet(
    sheetName(translate(locale, 'accounting.xlsxSheet', { from: range.from, to: range.to })),
    { views: [{ state: 'frozen', ySplit: 1 }] },
  );
  sheet.columns = FIELDS.map(() => ({ width: COLUMN_WIDTH }));
  const head = sheet.addRow(headers(locale));
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
    cell.font = { bold: true };
  });
  for (const l of lines) sheet.addRow(values(l, locale));
  const total = sheet.addRow([
    translate(locale, 'accounting.total'),
    ...Array(FIELDS.length - 3).fill(null),
    lines.reduce((n, l) => n + l.debit, 0),
    lines.reduce((n, l) => n + l.credit, 0),
  ]);
  total.font = { bold: true };
  for (const col of [FIELDS.length - 1, FIELDS.length]) sheet.getColumn(col).numFmt = MONEY_FORMAT;
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function journalCsv(lines: readonly ExportLine[], locale: Locale): string {
  const rows = [headers(locale), ...lines.map((l) => values(l, locale))];
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
