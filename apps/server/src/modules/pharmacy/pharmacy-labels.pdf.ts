import { readFileSync } from 'node:fs';
import { translate } from '@klinikita/domain/i18n/translate';
import type { LabelPaper } from '@klinikita/domain/pharmacy/pharmacy.schema';
import PDFDocument from 'pdfkit';

/**
 * The labels (etiket) of a prescription (issue 17 §3, research/operations.md §1.5): one page per
 * line, 80 × 50 mm on the 80 mm roll or 70 × 40 mm on label paper. White for oral and internal use;
 * for external use a blue band with OBAT LUAR. Written in Indonesian, like every paper the clinic
 * prints: the clinic, the date, the patient (name, record number, date of birth), the drug and its
 * quantity (the packets of a racikan), the signa and the expiry.
 */

const MM = 72 / 25.4;
const SIZES: Record<LabelPaper, { w: number; h: number }> = {
  roll80: { w: 80 * MM, h: 50 * MM },
  label: { w: 70 * MM, h: 40 * MM },
};
const BLUE = '#1f5fbf';

const FONT_DIR = process.env.PDF_FONT_DIR ?? '/usr/share/fonts/truetype/dejavu';
let fonts: { regular: Buffer; bold: Buffer } | null = null;

const t = (key: string, params: Record<string, string | number> = {}) =>
  translate('id', `pharmacy.labels.${key}`, params);

/** 'YYYY-MM-DD' → 'dd-mm-yyyy'. */
export const dmy = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

export interface PrintedLabel {
  colour: 'white' | 'blue';
  drug: string;
  quantity: string;
  signa: string;
  /** 'YYYY-MM-DD', null when no batch is known. */
  expiry: string | null;
}

export interface LabelSheet {
  paper: LabelPaper;
  clinicName: string;
  /** 'YYYY-MM-DD' */
  date: string;
  patient: { name: string; mrn: string; dob: string | null };
  labels: PrintedLabel[];
}

function drawLabel(pdf: PDFKit.PDFDocument, sheet: LabelSheet, label: PrintedLabel) {
  const { w, h } = SIZES[sheet.paper];
  const k = h / (50 * MM);
  const pad = 3 * MM * k;
  const width = w - 2 * pad;
  const text = (
    value: string,
    y: number,
    size: number,
    opts: {
      font?: 'R' | 'B';
      align?: 'left' | 'right' | 'center';
      lines?: number;
      colour?: string;
      share?: number;
    } = {},
  ) =>
    pdf
      .fillColor(opts.colour ?? '#000000')
      .font(opts.font ?? 'R')
      .fontSize(size * k)
      .text(value, pad, y, {
        width: width * (opts.share ?? 1),
        height: (size * k + 2) * (opts.lines ?? 1),
        lineBreak: (opts.lines ?? 1) > 1,
        ellipsis: true,
        align: opts.align ?? 'left',
      });
  const band = 9 * MM * k;
  const blue = label.colour === 'blue';
  if (blue) pdf.save().rect(0, 0, w, band).fill(BLUE).restore();
  const head = blue ? '#ffffff' : '#000000';
  text(sheet.clinicName, pad * 0.8, 8, { font: 'B', colour: head });
  text(blue ? `${t('external')} · ${dmy(sheet.date)}` : dmy(sheet.date), pad * 0.8 + 10 * k, 7, {
    font: blue ? 'B' : 'R',
    colour: head,
  });
  if (!blue)
    pdf
      .save()
      .lineWidth(0.5)
      .strokeColor('#000000')
      .moveTo(pad, band)
      .lineTo(w - pad, band)
      .stroke()
      .restore();
  let y = band + 2 * MM * k;
  text(sheet.patient.name.toUpperCase(), y, 8, { font: 'B' });
  y += 10 * k;
  const who = [t('mrn', { mrn: sheet.patient.mrn })];
  if (sheet.patient.dob) who.push(t('dob', { date: dmy(sheet.patient.dob) }));
  text(who.join(' · '), y, 7);
  y += 11 * k;
  text(label.drug, y, 8.5, { font: 'B', share: 0.74 });
  text(label.quantity, y, 8.5, { font: 'B', align: 'right' });
  y += 12 * k;
  text(label.signa, y, 10.5, { font: 'B', align: 'center', lines: 2 });
  text(label.expiry ? t('expiry', { date: dmy(label.expiry) }) : '', h - pad - 8 * k, 7);
  if (blue) text(t('external'), h - pad - 8 * k, 7, { font: 'B', align: 'right', colour: BLUE });
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

export function renderPrescriptionLabels(sheet: LabelSheet): Promise<Buffer> {
  const { w, h } = SIZES[sheet.paper];
  const pdf = new PDFDocument({
    size: [w, h],
    margin: 0,
    autoFirstPage: false,
    info: { Title: t('title', { mrn: sheet.patient.mrn }), Author: 'Klinikita', Creator: 'Klinikita' },
  });
  fonts ??= {
    regular: readFileSync(`${FONT_DIR}/DejaVuSans.ttf`),
    bold: readFileSync(`${FONT_DIR}/DejaVuSans-Bold.ttf`),
  };
  pdf.registerFont('R', fonts.regular);
  pdf.registerFont('B', fonts.bold);
  for (const label of sheet.labels) {
    pdf.addPage({ size: [w, h], margin: 0 });
    drawLabel(pdf, sheet, label);
  }
  return toBuffer(pdf);
}
