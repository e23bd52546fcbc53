import { BILL_CATEGORIES, type PaymentMethod } from '@klinikita/domain/billing/billing.rules';
import type { Bill, BillLine, PaymentAnswer } from '@klinikita/domain/billing/billing.schema';
import type { DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
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
  t,
} from './billing-print.ts';

/**
 * The invoice (rincian biaya) of a bill, on A4 or the 80 mm roll: the clinic, the invoice number
 * and service day, the patient, payer and doctor; the lines by category with quantity, unit price,
 * discount and amount; the totals with the DPP/PPN of taxed goods; the payments so far and what
 * is outstanding. A draft bill prints DRAF across the page: its lines may still change.
 */

export interface InvoicePrint {
  paper: DocumentPaper;
  head: Letterhead;
  timeZone: string;
  patient: { name: string; mrn: string };
  doctorName: string | null;
  bill: Bill;
  /** Cashier names by user id. */
  cashiers: Record<number, string>;
  printedAt: string;
}

const category = (c: string) => translate('id', `billing.categories.${c}`);
const method = (m: PaymentMethod) => translate('id', `billing.methods.${m}`);
const quantity = (q: number) => String(q).replace('.', ',');

/** The lines grouped by category, in the catalogue's order of categories. */
const groups = (lines: readonly BillLine[]) =>
  BILL_CATEGORIES.map((c) => ({ category: c, lines: lines.filter((l) => l.category === c) })).filter(
    (g) => g.lines.length,
  );

// A4 columns: description, quantity, unit price, discount, amount
const A4_COLUMNS = [0.43, 0.08, 0.16, 0.15, 0.18];

function a4Row(sheet: Sheet, cells: string[], bold = false) {
  const { pdf, left, width, size } = sheet;
  const widths = A4_COLUMNS.map((c) => c * width);
  pdf.font(bold ? 'B' : 'R').fontSize(size);
  const height = Math.max(...cells.map((c, i) => pdf.heightOfString(c, { width: widths[i] - 4 })));
  if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  const y = pdf.y;
  let x = left;
  cells.forEach((cell, i) => {
    pdf.text(cell, x, y, { width: widths[i] - 4, align: i === 0 ? 'left' : 'right' });
    x += widths[i];
  });
  pdf.y = y + height + 2;
  pdf.x = left;
  pdf.font('R');
}

function linesA4(sheet: Sheet, bill: Bill) {
  a4Row(
    sheet,
    [
      t('invoice.description'),
      t('invoice.quantity'),
      t('invoice.unitPrice'),
      t('invoice.discount'),
      t('invoice.net'),
    ],
    true,
  );
  rule(sheet);
  for (const g of groups(bill.lines)) {
    a4Row(sheet, [category(g.category), '', '', '', ''], true);
    for (const l of g.lines)
      a4Row(sheet, [
        `  ${l.description}`,
        quantity(l.quantity),
        amount(l.unitPrice),
        l.discount ? amount(l.discount) : '-',
        amount(l.net),
      ]);
    amountRow(
      sheet,
      t('invoice.subtotal'),
      amount(g.lines.reduce((s, l) => s + l.net, 0)),
      false,
      sheet.width * 0.5,
    );
  }
  rule(sheet);
}

function linesRoll(sheet: Sheet, bill: Bill) {
  const { pdf, left, width, size } = sheet;
  for (const g of groups(bill.lines)) {
    pdf.font('B').fontSize(size).text(category(g.category), left, pdf.y, { width });
    for (const l of g.lines) {
      pdf
        .font('R')
        .fontSize(size)
        .text(l.description, left + 4, pdf.y, { width: width - 4 });
      const detail = `${quantity(l.quantity)} × ${amount(l.unitPrice)}${l.discount ? ` − ${amount(l.discount)}` : ''}`;
      amountRow(sheet, detail, amount(l.net), false, 8);
    }
  }
  rule(sheet);
}

const methodsOf = (p: PaymentAnswer) =>
  p.parts.map((x) => `${method(x.method)} ${rupiah(x.amount)}`).join(', ');

function payments(sheet: Sheet, p: InvoicePrint) {
  const { pdf, left, width, size } = sheet;
  pdf.font('B').fontSize(size).text(t('invoice.payments'), left, pdf.y, { width });
  if (!p.bill.payments.length) pdf.font('R').text(t('invoice.noPayments'), { width });
  for (const pay of p.bill.payments) {
    const when =
      sheet.paper === 'a4'
        ? formatInstant(pay.createdAt, p.timeZone)
        : formatDay(clinicDay(p.timeZone, new Date(pay.createdAt)));
    const who = p.cashiers[pay.cashierId];
    const label = pay.reversesUid
      ? `${t('invoice.reversal')} · ${when}${pay.reason ? ` · ${pay.reason}` : ''}`
      : `${pay.receiptNumber ?? '-'} · ${when}${who ? ` · ${who}` : ''}`;
    amountRow(sheet, label, rupiah(pay.amount), false, 4);
    pdf
      .font('R')
      .fontSize(size - 1)
      .text(methodsOf(pay), left + 12, pdf.y, { width: width - 12 });
  }
  pdf.moveDown(0.3);
}

function totals(sheet: Sheet, p: InvoicePrint) {
  const { totals: sum } = p.bill;
  const indent = sheet.paper === 'a4' ? sheet.width * 0.4 : 0;
  if (sum.discount) {
    amountRow(sheet, t('invoice.gross'), rupiah(sum.gross), false, indent);
    amountRow(sheet, t('invoice.totalDiscount'), rupiah(-sum.discount), false, indent);
  }
  amountRow(sheet, t('invoice.total'), rupiah(sum.net), true, indent);
  const taxed = p.bill.lines.filter((l) => l.taxCode === 'GOODS_PPN');
  if (taxed.length) {
    amountRow(sheet, t('invoice.dpp'), rupiah(taxed.reduce((s, l) => s + l.dpp, 0)), false, indent);
    amountRow(sheet, t('invoice.ppn'), rupiah(taxed.reduce((s, l) => s + l.ppn, 0)), false, indent);
  }
  if (sum.payerPortion) {
    amountRow(sheet, t('invoice.payerPortion'), rupiah(sum.payerPortion), false, indent);
    amountRow(sheet, t('invoice.patientPortion'), rupiah(sum.patientPortion), false, indent);
  }
  sheet.pdf.moveDown(0.5);
}

export function renderInvoice(p: InvoicePrint): Promise<Buffer> {
  const { bill } = p;
  const draft = bill.status === 'draft';
  const printed = t('invoice.printedAt', { at: formatInstant(p.printedAt, p.timeZone) });
  return printSheet(
    p.paper,
    { title: `${t('invoice.title')} ${bill.number ?? t('invoice.draft')}`, subject: p.patient.mrn },
    p.head,
    (sheet) => {
      heading(sheet, draft ? `${t('invoice.title')} (${t('invoice.draft')})` : t('invoice.title'));
      if (draft)
        sheet.pdf
          .font('R')
          .fontSize(sheet.size - 1)
          .text(t('invoice.draftNote'), { width: sheet.width, align: 'center' })
          .moveDown(0.5);
      labelled(sheet, [
        [t('invoice.number'), bill.number ?? t('invoice.draft')],
        [t('invoice.date'), formatDay(bill.serviceDay)],
        [t('invoice.patient'), p.patient.name],
        [t('invoice.mrn'), p.patient.mrn],
        [t('invoice.payer'), bill.payerName ?? t('invoice.self')],
        [t('invoice.doctor'), p.doctorName ?? '-'],
      ]);
      sheet.pdf.moveDown(0.5);
      if (sheet.paper === 'a4') linesA4(sheet, bill);
      else {
        rule(sheet);
        linesRoll(sheet, bill);
      }
      totals(sheet, p);
      payments(sheet, p);
      rule(sheet);
      const indent = sheet.paper === 'a4' ? sheet.width * 0.4 : 0;
      amountRow(sheet, t('invoice.paid'), rupiah(bill.paid), false, indent);
      if (bill.receivable) amountRow(sheet, t('invoice.receivable'), rupiah(bill.receivable), false, indent);
      amountRow(sheet, t('invoice.outstanding'), rupiah(bill.outstanding), true, indent);
      if (draft) stamp(sheet, t('invoice.draft'));
    },
    printed,
  );
}
