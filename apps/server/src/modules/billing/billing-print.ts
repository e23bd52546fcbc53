import { readFileSync } from 'node:fs';
import type { DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import { translate } from '@klinikita/domain/i18n/translate';
import PDFDocument from 'pdfkit';
import { finish, type Letterhead, letterhead, open } from '../letters/pdf-kit.ts';

/**
 * What the invoice and the receipt share: a sheet on A4 (the letters' kit: letterhead, fonts,
 * footer) or on the 80 mm roll (a narrow page as long as its content, laid out twice: once to
 * measure, once to print), label-and-amount rows and a stamp across the page (DRAF, DIBATALKAN).
 * Written in Indonesian whatever the screen's language, like every paper the clinic hands out.
 */

export const t = (key: string, params: Record<string, string | number> = {}) =>
  translate('id', `billingDocuments.${key}`, params);

/** An amount in a column: '1.250.000' (the 'Rp' stands on the totals). */
export const amount = (n: number) => formatRupiah(n).replace(/^Rp /, '');
export const rupiah = (n: number) => formatRupiah(n);

export interface Sheet {
  pdf: PDFKit.PDFDocument;
  paper: DocumentPaper;
  left: number;
  width: number;
  /** The font size of body text on this paper. */
  size: number;
}

const MM = 72 / 25.4;
const ROLL_WIDTH = 80 * MM;
const ROLL_MARGIN = 4 * MM;
const FONT_DIR = process.env.PDF_FONT_DIR ?? '/usr/share/fonts/truetype/dejavu';
let fonts: { regular: Buffer; bold: Buffer } | null = null;

function rollDoc(height: number, info: { title: string; subject: string }) {
  const pdf = new PDFDocument({
    size: [ROLL_WIDTH, height],
    margins: { top: ROLL_MARGIN, bottom: ROLL_MARGIN, left: ROLL_MARGIN, right: ROLL_MARGIN },
    info: { Title: info.title, Subject: info.subject, Author: 'Klinikita', Creator: 'Klinikita' },
  });
  fonts ??= {
    regular: readFileSync(`${FONT_DIR}/DejaVuSans.ttf`),
    bold: readFileSync(`${FONT_DIR}/DejaVuSans-Bold.ttf`),
  };
  pdf.registerFont('R', fonts.regular);
  pdf.registerFont('B', fonts.bold);
  pdf.font('R').fontSize(7.5).fillColor('black');
  return pdf;
}

function toBuffer(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

/** Lays `draw` out on the paper and answers the PDF's bytes. */
export async function printSheet(
  paper: DocumentPaper,
  info: { title: string; subject: string },
  head: Letterhead,
  draw: (sheet: Sheet) => void,
  footer?: string,
): Promise<Buffer> {
  if (paper === 'a4') {
    const doc = open(info, true);
    letterhead(doc, head);
    draw({ ...doc, paper, size: 10 });
    return finish(doc, footer);
  }
  const roll = (height: number) => {
    const pdf = rollDoc(height, info);
    const sheet: Sheet = { pdf, paper, left: ROLL_MARGIN, width: ROLL_WIDTH - 2 * ROLL_MARGIN, size: 7.5 };
    rollHead(sheet, head);
    draw(sheet);
    if (footer) pdf.moveDown(0.8).font('R').fontSize(6).text(footer, { width: sheet.width, align: 'center' });
    return pdf;
  };
  // a roll is cut where the content ends: measure on a long page, then print on one that fits
  const measured = roll(20_000);
  const height = Math.ceil(measured.y + ROLL_MARGIN + 6);
  measured.end();
  return toBuffer(roll(height));
}

function rollHead(sheet: Sheet, head: Letterhead) {
  const { pdf, left, width } = sheet;
  pdf.font('B').fontSize(9).text(head.name, left, pdf.page.margins.top, { width, align: 'center' });
  pdf.font('R').fontSize(6.5);
  if (head.address) pdf.text(head.address, { width, align: 'center' });
  if (head.phone)
    pdf.text(translate('id', 'letters.pdf.phone', { phone: head.phone }), { width, align: 'center' });
  rule(sheet, true);
}

/** A line across the sheet (dashed on the roll, as a printer's receipt has). */
export function rule(sheet: Sheet, dashed = sheet.paper === 'roll80') {
  const { pdf, left, width } = sheet;
  const y = pdf.y + 3;
  pdf.save().lineWidth(0.5);
  if (dashed) pdf.dash(2, { space: 2 });
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke()
    .undash()
    .restore();
  pdf.x = left;
  pdf.y = y + 5;
}

export function heading(sheet: Sheet, text: string, number?: string) {
  const { pdf, left, width } = sheet;
  const a4 = sheet.paper === 'a4';
  pdf
    .font('B')
    .fontSize(a4 ? 13 : 9.5)
    .text(text, left, pdf.y, { width, align: 'center', underline: a4 });
  if (number) pdf.font('R').fontSize(sheet.size).text(number, { width, align: 'center' });
  pdf.moveDown(a4 ? 0.8 : 0.4);
}

/** Rows of 'label : value'; on the roll the label and value share a line when they fit. */
export function labelled(sheet: Sheet, rows: [string, string][], labelWidth = 110) {
  const { pdf, left, width, size } = sheet;
  const lw = sheet.paper === 'a4' ? labelWidth : Math.min(labelWidth, 62);
  const valueX = left + lw + 8;
  pdf.font('R').fontSize(size);
  for (const [label, value] of rows) {
    const text = value || '-';
    const height = Math.max(
      pdf.heightOfString(text, { width: left + width - valueX }),
      pdf.heightOfString(label, { width: lw }),
    );
    if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
    const y = pdf.y;
    pdf.text(label, left, y, { width: lw });
    pdf.text(':', left + lw, y, { width: 8 });
    pdf.text(text, valueX, y, { width: left + width - valueX });
    pdf.y = Math.max(pdf.y, y + height) + 1;
  }
  pdf.x = left;
}

/** A label on the left and an amount on the right (totals), bold when it is the sum. */
export function amountRow(sheet: Sheet, label: string, value: string, bold = false, indent = 0) {
  const { pdf, left, width, size } = sheet;
  const x = left + indent;
  if (pdf.y + size * 2 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  const y = pdf.y;
  pdf.font(bold ? 'B' : 'R').fontSize(size);
  const valueWidth = Math.min(110, width / 2);
  pdf.text(label, x, y, { width: width - indent - valueWidth - 4 });
  const after = pdf.y;
  pdf.text(value, left + width - valueWidth, y, { width: valueWidth, align: 'right' });
  pdf.y = Math.max(after, pdf.y) + 1;
  pdf.x = left;
  pdf.font('R');
}

/** A word across the sheet in light grey over the content (DRAF, DIBATALKAN), on every page. */
export function stamp(sheet: Sheet, text: string) {
  const { pdf } = sheet;
  const a4 = sheet.paper === 'a4';
  const draw = () => {
    const cx = pdf.page.width / 2;
    const cy = a4 ? pdf.page.height / 3 : Math.min(pdf.page.height / 2, 120);
    const size = a4 ? 72 : 28;
    pdf
      .save()
      .rotate(-30, { origin: [cx, cy] })
      .font('B')
      .fontSize(size)
      .fillColor('#000000')
      .fillOpacity(0.12)
      .text(text, 0, cy - size / 2, { width: pdf.page.width, align: 'center', lineBreak: false })
      .restore();
  };
  const { x, y } = pdf;
  if (a4) {
    const range = pdf.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      pdf.switchToPage(i);
      draw();
    }
  } else draw();
  pdf.x = x;
  pdf.y = y;
}
