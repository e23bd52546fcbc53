import type { PayerInvoice } from '@klinikita/domain/billing/payer-invoices.schema';
import { terbilangRupiah } from '@klinikita/domain/billing/terbilang';
import { translate } from '@klinikita/domain/i18n/translate';
import { formatDay, formatInstant, type Letterhead } from '../letters/pdf-kit.ts';
import {
  amount,
  amountRow,
  heading,
  labelled,
  printSheet,
  rule,
  rupiah,
  type Sheet,
  stamp,
} from './billing-print.ts';

/**
 * The invoice to a partner company or insurer on A4 (research/operations.md §3.8, the MCU
 * corporate invoice of KWIT): the clinic, the payer with its NPWP, number, issue and due days, the
 * period; the visits (No, Tanggal, Pasien, No. RM, Uraian, Jumlah), the total with its amount in
 * words and the bank account to pay to. A draft prints DRAF. Indonesian, like every paper.
 */

export interface PayerInvoicePrint {
  head: Letterhead;
  timeZone: string;
  invoice: PayerInvoice;
  payer: { name: string; npwp: string | null; address: string | null };
  bank: { bankName: string | null; accountNumber: string | null; accountHolder: string | null };
  printedAt: string;
}

const t = (key: string, params: Record<string, string | number> = {}) =>
  translate('id', `payerInvoices.pdf.${key}`, params);

// No, Tanggal, Pasien, No. RM, Uraian, Jumlah
const COLUMNS = [0.05, 0.13, 0.25, 0.16, 0.23, 0.18];

function row(sheet: Sheet, cells: string[], bold = false) {
  const { pdf, left, width, size } = sheet;
  const widths = COLUMNS.map((c) => c * width);
  pdf.font(bold ? 'B' : 'R').fontSize(size - 1);
  const height = Math.max(...cells.map((c, i) => pdf.heightOfString(c, { width: widths[i] - 4 })));
  if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  const y = pdf.y;
  let x = left;
  cells.forEach((cell, i) => {
    pdf.text(cell, x, y, { width: widths[i] - 4, align: i === cells.length - 1 ? 'right' : 'left' });
    x += widths[i];
  });
  pdf.y = y + height + 2;
  pdf.x = left;
  pdf.font('R');
}

const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export function renderPayerInvoice(p: PayerInvoicePrint): Promise<Buffer> {
  const { invoice } = p;
  const draft = invoice.status === 'DRAFT' || invoice.status === 'CANCELLED';
  // an insurer's invoice is its claim batch
  const titleKey = invoice.payerKind === 'insurer' ? 'titleClaim' : 'title';
  return printSheet(
    'a4',
    { title: `${t(titleKey)} ${invoice.number}`, subject: invoice.payerName },
    p.head,
    (sheet) => {
      heading(sheet, t(titleKey), invoice.number);
      labelled(sheet, [
        [t('to'), p.payer.name],
        [t('npwp'), p.payer.npwp ?? '-'],
        [t('address'), p.payer.address ?? '-'],
        [t('issueDate'), formatDay(invoice.issueDate)],
        [t('dueDate'), formatDay(invoice.dueDate)],
        [t('period'), `${formatDay(invoice.periodFrom)} – ${formatDay(invoice.periodTo)}`],
      ]);
      sheet.pdf.moveDown(0.5);
      row(sheet, [t('no'), t('date'), t('patient'), t('mrn'), t('description'), t('amount')], true);
      rule(sheet);
      for (const [i, item] of invoice.items.entries())
        row(sheet, [
          String(i + 1),
          shortDay(item.visitDay),
          item.patientName,
          item.mrn ?? '-',
          item.billNumber ? t('visitBill', { number: item.billNumber }) : t('visit'),
          amount(item.amount),
        ]);
      rule(sheet);
      const indent = sheet.width * 0.4;
      amountRow(sheet, t('total'), rupiah(invoice.total), true, indent);
      if (invoice.paid) amountRow(sheet, t('paid'), rupiah(invoice.paid), false, indent);
      if (invoice.paid || invoice.writtenOff) amountRow(sheet, t('open'), rupiah(invoice.open), true, indent);
      sheet.pdf.moveDown(0.5);
      labelled(sheet, [[t('inWords'), terbilangRupiah(invoice.total)]]);
      sheet.pdf.moveDown(0.5);
      const { bankName, accountNumber, accountHolder } = p.bank;
      sheet.pdf
        .font('R')
        .fontSize(sheet.size)
        .text(
          bankName && accountNumber
            ? t('payTo', { bank: bankName, account: accountNumber, holder: accountHolder ?? p.head.name })
            : t('payToMissing'),
          sheet.left,
          sheet.pdf.y,
          { width: sheet.width },
        );
      if (invoice.note) sheet.pdf.moveDown(0.3).text(invoice.note, { width: sheet.width });
      if (draft) stamp(sheet, t(invoice.status === 'CANCELLED' ? 'cancelled' : 'draft'));
    },
    t('printedAt', { at: formatInstant(p.printedAt, p.timeZone) }),
  );
}
