import type { Locale } from '@klinikita/domain/i18n/locale';
import { translate } from '@klinikita/domain/i18n/translate';
import {
  monthRange,
  REPORT_ADJUST_KINDS,
  REPORT_IN_KINDS,
  REPORT_OUT_KINDS,
} from '@klinikita/domain/inventory/stock-documents.rules';
import type { NarcoticsQuery, NarcoticsReport } from '@klinikita/domain/inventory/stock-documents.schema';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { narcoticsRows } from './narcotics-report.queries.ts';

/**
 * The narcotics and psychotropics report of a clinic for a month (issue 17 §6): per item, the
 * opening stock over the clinic's locations, what came in (receipts, transfers from another clinic,
 * patients' returns), went out (dispensing, transfers to another clinic, use, returns to the
 * supplier), the adjustments and opnames, and the closing stock; opening + in − out ± adjustments
 * = closing, always (each column is a sum of the same movements). The xlsx follows SIPNAP's
 * columns (nama obat, satuan, stok awal, pemasukan, penggunaan, stok akhir).
 */

export async function narcoticsReport(
  db: Db,
  session: AuthSession,
  q: NarcoticsQuery,
): Promise<NarcoticsReport> {
  const clinic = clinicOf(session, q.clinicId);
  const { from, to } = monthRange(q.month);
  const rows = await narcoticsRows(db, {
    corpId: session.corpId,
    clinicId: clinic.id,
    from,
    to,
    timeZone: clinic.timeZone,
    inKinds: REPORT_IN_KINDS,
    outKinds: REPORT_OUT_KINDS,
    adjustKinds: REPORT_ADJUST_KINDS,
  });
  return { clinicName: clinic.name, month: q.month, rows };
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const NARCOTICS_COLUMNS = [
  'no',
  'kfaCode',
  'name',
  'drugClass',
  'unit',
  'opening',
  'in',
  'out',
  'adjust',
  'closing',
] as const;

/** The report as a workbook: the clinic and period above, then one row per item and the totals. */
export async function narcoticsWorkbook(report: NarcoticsReport, locale: Locale): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string>) =>
    translate(locale, `inventory.narcotics.${key}`, params);
  const book = new ExcelJS.Workbook();
  book.creator = 'Klinikita';
  const sheet = book.addWorksheet(t('sheet'));
  sheet.addRow([t('title')]).font = { bold: true, size: 13 };
  sheet.addRow([t('clinicLabel'), report.clinicName]);
  sheet.addRow([t('periodLabel'), report.month]);
  sheet.addRow([]);
  const head = sheet.addRow(NARCOTICS_COLUMNS.map((c) => t(`columns.${c}`)));
  head.font = { bold: true };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4F1' } };
  report.rows.forEach((r, i) => {
    sheet.addRow([
      i + 1,
      r.kfaCode,
      r.strength ? `${r.name} ${r.strength}` : r.name,
      t(`class.${r.drugClass}`),
      r.baseUnit,
      r.opening,
      r.in,
      r.out,
      r.adjust,
      r.closing,
    ]);
  });
  sheet.columns.forEach((column, i) => {
    column.width = [6, 14, 36, 14, 10, 12, 12, 12, 12, 12][i];
    if (i >= 5) column.numFmt = '#,##0.###';
  });
  sheet.views = [{ state: 'frozen', ySplit: 5 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}
