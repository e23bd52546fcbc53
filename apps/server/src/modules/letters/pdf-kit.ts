import { readFileSync } from 'node:fs';
import { translate } from '@klinikita/domain/i18n/translate';
import PDFDocument from 'pdfkit';
import type { LetterSnapshot } from './letters.queries.ts';

/**
 * The shared kit of the letters and the printed visit record (A4): the document with its fonts and
 * page footer, the letterhead, titles, text and 'label : value' helpers. Written in Indonesian
 * whatever the screen's language: they are papers handed to employers, hospitals and patients.
 */

// pdfkit's built-in Helvetica cannot encode every name (ā, ž, ...): embed DejaVu (fonts-dejavu-core)
const FONT_DIR = process.env.PDF_FONT_DIR ?? '/usr/share/fonts/truetype/dejavu';
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const fontFiles = () => {
  fonts ??= {
    regular: readFileSync(`${FONT_DIR}/DejaVuSans.ttf`),
    bold: readFileSync(`${FONT_DIR}/DejaVuSans-Bold.ttf`),
  };
  return fonts;
};

export const t = (key: string, params: Record<string, string | number> = {}) =>
  translate('id', `letters.pdf.${key}`, params);

const dayFormat = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** 'YYYY-MM-DD' → '22 November 2026'. */
export function formatDay(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return dayFormat.format(new Date(Date.UTC(y, m - 1, d)));
}
/** An instant in the clinic's time zone: '22 November 2026 pukul 14.35 WIB'. */
export function formatInstant(at: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(at));
}

export interface Letterhead {
  name: string;
  address: string | null;
  phone: string | null;
  corporate: string;
}

export interface Doc {
  pdf: PDFKit.PDFDocument;
  left: number;
  width: number;
}

const MARGIN = 56;
const GREY = '#555555';

export function open(info: { title: string; subject: string }, compress: boolean): Doc {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 64, left: MARGIN, right: MARGIN },
    compress,
    bufferPages: true,
    info: { Title: info.title, Subject: info.subject, Author: 'Klinikita', Creator: 'Klinikita' },
  });
  const f = fontFiles();
  pdf.registerFont('R', f.regular);
  pdf.registerFont('B', f.bold);
  pdf.font('R').fontSize(11).fillColor('black');
  return { pdf, left: MARGIN, width: pdf.page.width - 2 * MARGIN };
}

export function finish(doc: Doc, footer?: string): Promise<Buffer> {
  const { pdf } = doc;
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // writing inside the bottom margin would start a new page
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - 40;
    pdf.font('R').fontSize(8).fillColor(GREY);
    if (footer) pdf.text(footer, doc.left, y, { width: doc.width, align: 'left', lineBreak: false });
    if (range.count > 1)
      pdf.text(t('page', { page: i + 1, pages: range.count }), doc.left, y, {
        width: doc.width,
        align: 'right',
        lineBreak: false,
      });
    pdf.page.margins.bottom = bottom;
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

/** The letterhead (kop surat): clinic, address and phone, the corporate, a double rule. */
export function letterhead(doc: Doc, head: Letterhead) {
  const { pdf, left, width } = doc;
  pdf
    .font('B')
    .fontSize(15)
    .fillColor('black')
    .text(head.name, left, pdf.page.margins.top, { width, align: 'center' });
  const line = [head.address, head.phone ? t('phone', { phone: head.phone }) : null]
    .filter(Boolean)
    .join(' · ');
  pdf.font('R').fontSize(9);
  if (line) pdf.text(line, { width, align: 'center' });
  if (head.corporate && head.corporate !== head.name)
    pdf.fillColor(GREY).text(head.corporate, { width, align: 'center' }).fillColor('black');
  const y = pdf.y + 6;
  pdf
    .lineWidth(1.5)
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  pdf
    .lineWidth(0.5)
    .moveTo(left, y + 3)
    .lineTo(left + width, y + 3)
    .stroke();
  pdf.y = y + 18;
}

export function title(doc: Doc, text: string, number?: string) {
  const { pdf, left, width } = doc;
  pdf.font('B').fontSize(13).text(text, left, pdf.y, { width, align: 'center', underline: true });
  if (number) pdf.font('R').fontSize(10).text(t('number', { number }), { width, align: 'center' });
  pdf.moveDown(1.2);
  pdf.font('R').fontSize(11);
}

export function paragraph(
  doc: Doc,
  text: string,
  options: { bold?: boolean; gap?: number; indent?: number } = {},
) {
  const { pdf, left, width } = doc;
  const indent = options.indent ?? 0;
  pdf
    .font(options.bold ? 'B' : 'R')
    .text(text, left + indent, pdf.y, { width: width - indent, align: 'justify', lineGap: 2 });
  pdf.font('R');
  pdf.moveDown(options.gap ?? 0.6);
}

/** 'Label : value' rows with the values aligned. */
export function fields(
  doc: Doc,
  rows: [string, string][],
  options: { indent?: number; labelWidth?: number; size?: number } = {},
) {
  const { pdf, left, width } = doc;
  const x = left + (options.indent ?? 0);
  const labelWidth = options.labelWidth ?? 120;
  const valueX = x + labelWidth + 12;
  const valueWidth = left + width - valueX;
  pdf.font('R').fontSize(options.size ?? 11);
  for (const [label, value] of rows) {
    const height = Math.max(
      pdf.heightOfString(value || '-', { width: valueWidth, lineGap: 2 }),
      pdf.heightOfString(label, { width: labelWidth, lineGap: 2 }),
    );
    if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
    const y = pdf.y;
    pdf.text(label, x, y, { width: labelWidth, lineGap: 2 });
    pdf.text(':', x + labelWidth, y, { width: 10 });
    pdf.text(value || '-', valueX, y, { width: valueWidth, lineGap: 2 });
    pdf.y = Math.max(pdf.y, y + height);
  }
  pdf.x = left;
  pdf.moveDown(0.6);
}

export function ageText(age: { years: number; months: number }) {
  return age.years >= 5 || !age.months
    ? t('years', { years: age.years })
    : t('yearsMonths', { years: age.years, months: age.months });
}

export const patientName = (p: { title: string | null; name: string }) =>
  p.title ? `${p.title}. ${p.name}` : p.name;

type VitalValues = LetterSnapshot['vitals'];
const num = (n: number) => String(n).replace('.', ',');
// a value never parts from its unit at a line end
export const NBSP = '\u00a0';

/** The vitals that were measured, as 'Label : value unit' rows. */
export function vitalRows(v: VitalValues): [string, string][] {
  const rows: [string, string][] = [];
  if (v.systolic != null || v.diastolic != null)
    rows.push([t('vitals.bloodPressure'), `${v.systolic ?? '-'}/${v.diastolic ?? '-'}${NBSP}mmHg`]);
  if (v.pulse != null) rows.push([t('vitals.pulse'), `${v.pulse}${NBSP}x/menit`]);
  if (v.respiratoryRate != null)
    rows.push([t('vitals.respiratoryRate'), `${v.respiratoryRate}${NBSP}x/menit`]);
  if (v.temperature != null) rows.push([t('vitals.temperature'), `${num(v.temperature)}${NBSP}°C`]);
  if (v.spo2 != null) rows.push([t('vitals.spo2'), `${v.spo2}${NBSP}%`]);
  if (v.weight != null) rows.push([t('vitals.weight'), `${num(v.weight)}${NBSP}kg`]);
  if (v.height != null) rows.push([t('vitals.height'), `${num(v.height)}${NBSP}cm`]);
  if (v.bmi != null) rows.push([t('vitals.bmi'), `${num(v.bmi)}${NBSP}kg/m²`]);
  return rows;
}
