import { translate } from '@klinikita/domain/i18n/translate';
import { AUDIO_FREQUENCIES } from '@klinikita/domain/mcu/mcu-stations';
import bwipjs from 'bwip-js/node';
import type { Doc } from '../letters/pdf-kit.ts';

/**
 * Drawings of the MCU papers: the section heading, the QR code (bwip-js's matrix, drawn as vector
 * squares), the audiogram chart and the DRAFT watermark.
 */

export const tr = (key: string, params: Record<string, string | number> = {}) =>
  translate('id', `mcuOutputs.${key}`, params);

/**
 * The stations' own words (`mcuStations`: stations, fields, options, hazard groups, BMI classes,
 * hearing degrees, spirometry patterns): the papers name a thing as the stations' screen does.
 */
export const st = (key: string, params: Record<string, string | number> = {}) =>
  translate('id', `mcuStations.${key}`, params);

const GREY = '#555555';

/** A section heading: bold, a thin rule under it; a new page when little room is left. */
export function section(doc: Doc, text: string, room = 80) {
  const { pdf, left, width } = doc;
  if (pdf.y + room > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  pdf.moveDown(0.4);
  pdf.font('B').fontSize(12).fillColor('black').text(text.toUpperCase(), left, pdf.y, { width });
  const y = pdf.y + 2;
  pdf
    .lineWidth(0.5)
    .strokeColor(GREY)
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke()
    .strokeColor('black');
  pdf.y = y + 6;
  pdf.font('R').fontSize(10);
}

/** The QR matrix of a text (rows of dark/light modules). */
export function qrMatrix(text: string): boolean[][] {
  const [symbol] = bwipjs.raw({ bcid: 'qrcode', text, eclevel: 'M' } as never) as unknown as {
    pixs: number[];
    pixx: number;
    pixy: number;
  }[];
  const rows: boolean[][] = [];
  for (let y = 0; y < symbol.pixy; y++)
    rows.push(Array.from({ length: symbol.pixx }, (_, x) => symbol.pixs[y * symbol.pixx + x] === 1));
  return rows;
}

/** Draws a QR code of `size` points at (x, y), each dark module a filled square. */
export function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const m = qrMatrix(text);
  const quiet = 2;
  const cell = size / (m.length + 2 * quiet);
  const { pdf } = doc;
  pdf.save().fillColor('black');
  m.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark) pdf.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.05, cell + 0.05);
    });
  });
  pdf.fill().restore();
}

/** The audiogram: frequencies across, hearing level (-10..120 dB) down; right ear O red, left ear X blue. */
export function drawAudiogram(doc: Doc, data: Record<string, unknown>) {
  const { pdf, left } = doc;
  const w = 300;
  const h = 170;
  if (pdf.y + h + 40 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  const x0 = left + 40;
  const y0 = pdf.y + 6;
  const dbMin = -10;
  const dbMax = 120;
  const yOf = (db: number) => y0 + ((db - dbMin) / (dbMax - dbMin)) * h;
  const xOf = (i: number) => x0 + (i / (AUDIO_FREQUENCIES.length - 1)) * w;
  pdf.lineWidth(0.3).strokeColor('#999999');
  pdf.font('R').fontSize(7).fillColor(GREY);
  for (let db = dbMin; db <= dbMax; db += 10) {
    pdf
      .moveTo(x0, yOf(db))
      .lineTo(x0 + w, yOf(db))
      .stroke();
    pdf.text(String(db), x0 - 24, yOf(db) - 3, { width: 20, align: 'right', lineBreak: false });
  }
  AUDIO_FREQUENCIES.forEach((f, i) => {
    pdf
      .moveTo(xOf(i), y0)
      .lineTo(xOf(i), y0 + h)
      .stroke();
    pdf.text(f >= 1000 ? `${f / 1000}k` : String(f), xOf(i) - 12, y0 + h + 3, {
      width: 24,
      align: 'center',
      lineBreak: false,
    });
  });
  // the 25 dB line: above it is normal hearing
  pdf
    .lineWidth(0.8)
    .strokeColor('#2e7d32')
    .moveTo(x0, yOf(25))
    .lineTo(x0 + w, yOf(25))
    .stroke();
  for (const [ear, colour] of [
    ['right', '#c62828'],
    ['left', '#1565c0'],
  ] as const) {
    const points = AUDIO_FREQUENCIES.map((f, i) => [i, data[`${ear}${f}`]] as const).filter(
      (p): p is readonly [number, number] => typeof p[1] === 'number',
    );
    pdf.lineWidth(1).strokeColor(colour);
    points.forEach(([i, db], n) => {
      if (n === 0) pdf.moveTo(xOf(i), yOf(db));
      else pdf.lineTo(xOf(i), yOf(db));
    });
    if (points.length > 1) pdf.stroke();
    for (const [i, db] of points) {
      const [cx, cy] = [xOf(i), yOf(db)];
      if (ear === 'right') pdf.circle(cx, cy, 3).stroke();
      else
        pdf
          .moveTo(cx - 3, cy - 3)
          .lineTo(cx + 3, cy + 3)
          .moveTo(cx + 3, cy - 3)
          .lineTo(cx - 3, cy + 3)
          .stroke();
    }
  }
  pdf.strokeColor('black').fillColor('black').fontSize(8);
  pdf.fillColor('#c62828').text(`O ${tr('pdf.right')}`, x0 + w + 10, y0 + 10, { lineBreak: false });
  pdf.fillColor('#1565c0').text(`X ${tr('pdf.left')}`, x0 + w + 10, y0 + 22, { lineBreak: false });
  pdf.fillColor('black');
  pdf.x = left;
  pdf.y = y0 + h + 18;
}

/** A big grey diagonal DRAFT on every page (a conclusion not approved). */
export function watermarkPages(doc: Doc) {
  const { pdf } = doc;
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.save();
    pdf.rotate(-35, { origin: [pdf.page.width / 2, pdf.page.height / 2] });
    pdf
      .font('B')
      .fontSize(110)
      .fillColor('#d32f2f')
      .fillOpacity(0.15)
      .text(tr('pdf.draft'), 0, pdf.page.height / 2 - 60, {
        width: pdf.page.width,
        align: 'center',
        lineBreak: false,
      });
    pdf.restore();
    pdf.fillOpacity(1).fillColor('black');
    pdf.page.margins.bottom = bottom;
  }
}
