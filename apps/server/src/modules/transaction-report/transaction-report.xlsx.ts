import type { Writable } from 'node:stream';
import {
  REPORT_CATEGORIES,
  REPORT_METHODS,
  sheetName,
} from '@klinikita/domain/billing/transaction-report.rules';
import type { TransactionRow, TransactionTotals } from '@klinikita/domain/billing/transaction-report.schema';
import type { Locale } from '@klinikita/domain/i18n/locale';
import { translate } from '@klinikita/domain/i18n/translate';
import ExcelJS from 'exceljs';
import type { ReportExport } from './transaction-report.service.ts';

/**
 * The transaction report as a streamed workbook (spec: xlsx; sheet names cut to 30 characters;
 * column width 20; header fill grey): ExcelJS's WorkbookWriter commits each row to the zip as it
 * is written, and waits for the response to drain between batches, so memory stays bounded
 * whatever the number of rows. Money is written as numbers with the `#,##0` format; the last row
 * holds the totals of the whole set.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const COLUMN_WIDTH = 20;
export const HEADER_FILL = 'FFD9D9D9';
export const MONEY_FORMAT = '#,##0';

interface Column {
  label: (t: Translate) => string;
  value: (r: TransactionRow, t: Translate) => string | number | null;
  total?: (s: TransactionTotals) => number;
}
type Translate = (key: string, params?: Record<string, string>) => string;

const text = (key: string, value: Column['value']): Column => ({ label: (t) => t(`columns.${key}`), value });

/** The columns in order: who and what, the categories, the taxes, the methods, the rest. */
export const COLUMNS: readonly Column[] = [
  text('postedAt', (r) => r.postedLocal),
  text('serviceDay', (r) => r.serviceDay),
  text('invoiceNumber', (r) => r.invoiceNumber),
  text('receiptNumbers', (r) => r.receiptNumbers.join(', ')),
  text('mrn', (r) => r.mrn),
  text('patientName', (r) => r.patientName),
  text('clinicName', (r) => r.clinicName),
  text('doctorName', (r) => r.doctorName),
  text('payer', (r, t) => [t(`payers.${r.payerType}`), r.payerName].filter(Boolean).join(' – ')),
  ...REPORT_CATEGORIES.map(
    (c): Column => ({
      label: (t) => t(`categories.${c}`),
      value: (r) => r.categories[c],
      total: (s) => s.categories[c],
    }),
  ),
  ...(['gross', 'discount', 'dpp', 'ppn', 'net'] as const).map(
    (k): Column => ({ label: (t) => t(`columns.${k}`), value: (r) => r[k], total: (s) => s[k] }),
  ),
  ...REPORT_METHODS.map(
    (m): Column => ({
      label: (t) => t(`methods.${m}`),
      value: (r) => r.methods[m],
      total: (s) => s.methods[m],
    }),
  ),
  { label: (t) => t('columns.outstanding'), value: (r) => r.outstanding, total: (s) => s.outstanding },
  text('cashiers', (r) => r.cashiers.join(', ')),
  text('status', (r, t) => t(`statuses.${r.status}`)),
];

function addRow(sheet: ExcelJS.Worksheet, values: (string | number | null)[], style?: 'head' | 'total') {
  const row = sheet.addRow(values);
  COLUMNS.forEach((c, i) => {
    const cell = row.getCell(i + 1);
    if (c.total && style !== 'head') cell.numFmt = MONEY_FORMAT;
    if (style === 'head') cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
    if (style) cell.font = { bold: true };
  });
  row.commit();
}

/** Resolves when `out` wants more, or refuses when the client went away (no rows read for nobody). */
async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  }
  if (out.destroyed) throw new Error('the transaction report export was cut off: the download stopped');
}

/** Writes the workbook to `out` (the response) and ends it; rejects when the database or the stream fails. */
export async function writeReportXlsx(out: Writable, report: ReportExport, locale: Locale): Promise<void> {
  const t: Translate = (key, params) => translate(locale, `transactionReport.${key}`, params);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Klinikita';
  const sheet = book.addWorksheet(sheetName(t('xlsx.sheet', { from: report.from, to: report.to })), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 3 }],
  });
  sheet.columns = COLUMNS.map(() => ({ width: COLUMN_WIDTH }));
  addRow(
    sheet,
    COLUMNS.map((c) => c.label(t)),
    'head',
  );
  for await (const batch of report.batches) {
    for (const r of batch)
      addRow(
        sheet,
        COLUMNS.map((c) => c.value(r, t)),
      );
    // the client reads slower than the database answers: wait instead of buffering the file
    await drained(out);
  }
  addRow(
    sheet,
    COLUMNS.map((c, i) => (i === 0 ? t('xlsx.total') : c.total ? c.total(report.totals) : null)),
    'total',
  );
  sheet.commit();
  await book.commit();
}
