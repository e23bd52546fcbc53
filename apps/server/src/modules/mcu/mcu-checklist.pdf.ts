import bwipjs from 'bwip-js/node';
import { fields, finish, formatDay, type Letterhead, letterhead, open } from '../letters/pdf-kit.ts';
import { sexLabel } from './mcu-report.pdf.ts';
import { section, st, tr } from './mcu-report-draw.ts';

/**
 * The participant's paper at check-in: identity, the package's stations with a tick box each
 * (ticked for a station already recorded) and a column for the officer's initials; then a sheet
 * of tube labels (name, NIK, MCU number and its barcode).
 */

export interface McuChecklistPrint {
  head: Letterhead;
  identity: {
    mcuNumber: string;
    name: string;
    nik: string;
    birthDate: string;
    sex: 'M' | 'F';
    company: string;
    department: string | null;
    packageName: string;
    eventName: string;
  };
  stations: { code: string; done: boolean }[];
  /** how many tube labels to print */
  labels: number;
}

const BOX = 12;

export async function renderMcuChecklistPdf(p: McuChecklistPrint, compress = true): Promise<Buffer> {
  const doc = open({ title: tr('pdf.checklist.title'), subject: p.identity.mcuNumber }, compress);
  const { pdf, left, width } = doc;
  letterhead(doc, p.head);
  pdf.font('B').fontSize(14).text(tr('pdf.checklist.title'), left, pdf.y, { width, align: 'center' });
  pdf.moveDown(0.8);
  const i = p.identity;
  fields(
    doc,
    [
      [tr('pdf.mcuNumber'), i.mcuNumber],
      [tr('pdf.name'), i.name],
      [tr('pdf.nik'), i.nik],
      [tr('pdf.birthDate'), `${formatDay(i.birthDate)} · ${sexLabel(i.sex)}`],
      [tr('pdf.company'), [i.company, i.department].filter(Boolean).join(' · ')],
      [tr('pdf.package'), `${i.packageName} · ${i.eventName}`],
    ],
    { size: 10 },
  );
  section(doc, tr('pdf.checklist.station'));
  const rowH = 26;
  pdf.font('B').fontSize(10);
  let y = pdf.y;
  pdf.text(tr('pdf.checklist.done'), left, y, { width: 60 });
  pdf.text(tr('pdf.checklist.station'), left + 70, y, { width: 250 });
  pdf.text(tr('pdf.checklist.officer'), left + width - 120, y, { width: 120 });
  y += 18;
  pdf.font('R').fontSize(11);
  for (const s of p.stations) {
    pdf
      .lineWidth(1)
      .rect(left + 20, y, BOX, BOX)
      .stroke();
    if (s.done)
      pdf
        .lineWidth(1.5)
        .moveTo(left + 22, y + 6)
        .lineTo(left + 25, y + 10)
        .lineTo(left + 31, y + 2)
        .stroke();
    pdf.text(st(`station.${s.code}`), left + 70, y, { width: 250 });
    pdf
      .lineWidth(0.5)
      .moveTo(left + width - 120, y + BOX)
      .lineTo(left + width, y + BOX)
      .stroke();
    y += rowH;
  }
  pdf.y = y + 4;
  pdf.font('R').fontSize(9).fillColor('#555555').text(tr('pdf.checklist.note'), left, pdf.y, { width });
  pdf.fillColor('black');

  // tube labels: 2 columns of 50 x 25 mm-ish cells
  section(doc, tr('pdf.checklist.labels'), 200);
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: i.mcuNumber,
    scale: 2,
    height: 8,
    includetext: false,
  });
  const cellW = width / 2 - 6;
  const cellH = 70;
  let top = pdf.y;
  for (let n = 0; n < p.labels; n++) {
    const col = n % 2;
    if (col === 0 && n > 0) top += cellH + 8;
    if (top + cellH > pdf.page.height - pdf.page.margins.bottom) {
      pdf.addPage();
      top = pdf.page.margins.top;
    }
    const x = left + col * (cellW + 12);
    pdf.lineWidth(0.5).dash(2, { space: 2 }).rect(x, top, cellW, cellH).stroke().undash();
    pdf
      .font('B')
      .fontSize(10)
      .text(i.name, x + 6, top + 5, { width: cellW - 12, lineBreak: false, ellipsis: true });
    pdf
      .font('R')
      .fontSize(8)
      .text(`${tr('pdf.nik')}: ${i.nik}`, x + 6, top + 19, { width: cellW - 12 });
    pdf.text(`${tr('pdf.mcuNumber')}: ${i.mcuNumber}`, x + 6, top + 30, { width: cellW - 12 });
    pdf.image(barcode, x + 6, top + 42, { fit: [cellW - 12, 22] });
  }
  return finish(doc, i.mcuNumber);
}
