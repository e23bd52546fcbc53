import type { DocumentPaper, Receipt } from '@klinikita/domain/billing/billing-documents.schema';
import { translate } from '@klinikita/domain/i18n/translate';
import { formatDay, type Letterhead } from '../letters/pdf-kit.ts';
import { heading, labelled, printSheet, rule, rupiah, type Sheet, stamp, t } from './billing-print.ts';

/**
 * The receipt (kwitansi) of a payment, on half an A4 (cut along the dashed line) or the 80 mm
 * roll, its fields in the order of research/operations.md §3.5: received from, the amount in
 * words, the amount, the purpose, number, date, the cashier with a line to sign. Above
 * Rp5.000.000 a box where the Rp10.000 meterai goes; a reversed payment prints DIBATALKAN.
 */

export interface ReceiptPrint {
  paper: DocumentPaper;
  head: Letterhead;
  receipt: Receipt;
}

const method = (m: string) => translate('id', `billing.methods.${m}`);

/** The amount in figures, boxed; on A4 under the values of the rows above. */
function amountBox(sheet: Sheet, value: string, labelWidth: number) {
  const { pdf, width } = sheet;
  const a4 = sheet.paper === 'a4';
  const size = a4 ? 14 : 11;
  const left = a4 ? sheet.left + labelWidth + 8 : sheet.left;
  const boxWidth = a4 ? 200 : width;
  const y = pdf.y + 2;
  pdf
    .save()
    .lineWidth(1)
    .rect(left, y, boxWidth, size + 10)
    .stroke()
    .restore();
  pdf
    .font('B')
    .fontSize(size)
    .text(value, left, y + 5, { width: boxWidth, align: 'center' });
  pdf.font('R');
  pdf.x = sheet.left;
  pdf.y = y + size + 16;
}

/** The cashier's signature at the right; the meterai box at its left when the duty applies. */
function signature(sheet: Sheet, r: Receipt) {
  const { pdf, left, width, size } = sheet;
  const a4 = sheet.paper === 'a4';
  const blockWidth = a4 ? 170 : width;
  const x = a4 ? left + width - blockWidth : left;
  pdf.moveDown(0.6);
  const top = pdf.y;
  pdf.font('R').fontSize(size).text(t('receipt.cashier'), x, top, { width: blockWidth, align: 'center' });
  if (r.meteraiRequired) {
    const boxW = a4 ? 90 : 70;
    const boxH = a4 ? 50 : 36;
    const bx = a4 ? x - boxW - 12 : left + (width - boxW) / 2;
    const by = a4 ? top + 4 : pdf.y + 4;
    pdf.save().lineWidth(0.5).dash(2, { space: 2 }).rect(bx, by, boxW, boxH).stroke().undash().restore();
    pdf
      .font('R')
      .fontSize(size - 1)
      .text(t('receipt.meterai'), bx + 4, by + boxH / 2 - size / 2, { width: boxW - 8, align: 'center' });
    if (!a4) pdf.y = by + boxH;
  }
  const lineY = Math.max(pdf.y, top) + (a4 ? 48 : 30);
  pdf
    .save()
    .lineWidth(0.5)
    .moveTo(x + 10, lineY)
    .lineTo(x + blockWidth - 10, lineY)
    .stroke()
    .restore();
  pdf
    .font('R')
    .fontSize(size)
    .text(r.cashierName, x, lineY + 3, { width: blockWidth, align: 'center' });
  pdf.x = left;
}

export function renderReceipt(p: ReceiptPrint): Promise<Buffer> {
  const r = p.receipt;
  return printSheet(
    p.paper,
    { title: `${t('receipt.title')} ${r.receiptNumber}`, subject: r.invoiceNumber ?? '' },
    p.head,
    (sheet) => {
      heading(sheet, r.reversed ? `${t('receipt.title')} (${t('receipt.cancelled')})` : t('receipt.title'));
      const labelWidth = 120;
      labelled(
        sheet,
        [
          [t('receipt.receivedFrom'), r.receivedFrom],
          [t('receipt.amountInWords'), r.amountInWords],
        ],
        labelWidth,
      );
      amountBox(sheet, rupiah(r.amount), labelWidth);
      labelled(
        sheet,
        [
          [t('receipt.purpose'), r.purpose],
          [t('receipt.number'), r.receiptNumber],
          [t('receipt.date'), formatDay(r.day)],
          [t('receipt.methods'), r.methods.map((m) => `${method(m.method)} ${rupiah(m.amount)}`).join(', ')],
        ],
        labelWidth,
      );
      signature(sheet, r);
      if (sheet.paper === 'a4') {
        // half an A4: the clinic cuts it along this line
        const { pdf } = sheet;
        pdf.y = Math.max(pdf.y + 10, pdf.page.height / 2);
        rule(sheet, true);
      }
      if (r.reversed) stamp(sheet, t('receipt.cancelled'));
    },
  );
}
