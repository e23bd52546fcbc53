import { readFileSync } from 'node:fs';
import { translate } from '@klinikita/domain/i18n/translate';
import type { LabSpecimen } from '@klinikita/domain/lab/lab-specimens.schema';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

/**
 * Barcode labels of a lab visit's containers: a Code 128 barcode (bwip-js) with the patient's
 * name, MRN, date of birth and sex, the container, its tests and the time of labelling. `label`:
 * one 50 × 25 mm page per container for a label printer; `sheet`: 3 × 10 labels of 50 × 25 mm on
 * A4. Laid out in-process: a visit has a handful of labels (a few ms), not worth a worker.
 * Written in Indonesian, like every paper the clinic prints.
 */

const MM = 72 / 25.4;
const W = 50 * MM;
const H = 25 * MM;
const PAD = 1.8 * MM;
const SHEET = { cols: 3, rows: 10, left: 20 * MM, top: 18.5 * MM, gapX: 10 * MM, gapY: 1 * MM };

const FONT_DIR = process.env.PDF_FONT_DIR ?? '/usr/share/fonts/truetype/dejavu';
let fonts: { regular: Buffer; bold: Buffer } | null = null;

const t = (key: string, params: Record<string, string | number> = {}) =>
  translate('id', `labSpecimens.${key}`, params);

export interface LabelPatient {
  name: string;
  mrn: string;
  dob: string;
  sex: string;
}

const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

function stamp(at: string, timeZone: string) {
  return new Intl.DateTimeFormat('id-ID', {
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(at));
}

async function drawLabel(
  pdf: PDFKit.PDFDocument,
  x: number,
  y: number,
  patient: LabelPatient,
  specimen: LabSpecimen,
  timeZone: string,
) {
  const w = W - 2 * PAD;
  const left = x + PAD;
  const line = (text: string, top: number, size: number, font = 'R', align: 'left' | 'right' = 'left') =>
    pdf
      .font(font)
      .fontSize(size)
      .text(text, left, top, { width: w, height: size + 2, lineBreak: false, ellipsis: true, align });
  line(patient.name.toUpperCase(), y + PAD, 7, 'B');
  line(`${patient.mrn} · ${dmy(patient.dob)} · ${t(`sex.${patient.sex}`)}`, y + PAD + 8.5, 6);
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text: specimen.barcode,
    scale: 3,
    height: 7,
    includetext: false,
  });
  pdf.image(png, left, y + PAD + 16.5, { width: w, height: 24 });
  line(specimen.barcode, y + PAD + 41.5, 6.5, 'B');
  if (specimen.labelled) line(stamp(specimen.labelled.at, timeZone), y + PAD + 41.5, 6, 'R', 'right');
  line(`${t(`containers.${specimen.container}`)} · ${specimen.tests.join(', ')}`, y + PAD + 50, 5.5);
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

export async function renderLabelsPdf(input: {
  layout: 'label' | 'sheet';
  patient: LabelPatient;
  specimens: LabSpecimen[];
  timeZone: string;
}): Promise<Buffer> {
  const { layout, patient, specimens, timeZone } = input;
  const pdf = new PDFDocument({
    size: layout === 'label' ? [W, H] : 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: t('labelsTitle', { mrn: patient.mrn }), Author: 'Klinikita', Creator: 'Klinikita' },
  });
  fonts ??= {
    regular: readFileSync(`${FONT_DIR}/DejaVuSans.ttf`),
    bold: readFileSync(`${FONT_DIR}/DejaVuSans-Bold.ttf`),
  };
  pdf.registerFont('R', fonts.regular);
  pdf.registerFont('B', fonts.bold);
  const perSheet = SHEET.cols * SHEET.rows;
  for (const [i, specimen] of specimens.entries()) {
    if (layout === 'label') {
      pdf.addPage({ size: [W, H], margin: 0 });
      await drawLabel(pdf, 0, 0, patient, specimen, timeZone);
      continue;
    }
    const place = i % perSheet;
    if (place === 0) pdf.addPage({ size: 'A4', margin: 0 });
    const x = SHEET.left + (place % SHEET.cols) * (W + SHEET.gapX);
    const y = SHEET.top + Math.floor(place / SHEET.cols) * (H + SHEET.gapY);
    // the cut line of a plain A4 sheet
    pdf.save().lineWidth(0.3).strokeColor('#bbbbbb').rect(x, y, W, H).stroke().restore();
    await drawLabel(pdf, x, y, patient, specimen, timeZone);
  }
  return toBuffer(pdf);
}
