import { translate } from '@klinikita/domain/i18n/translate';
import {
  type Doc,
  fields,
  finish,
  formatDay,
  formatInstant,
  type Letterhead,
  letterhead,
  open,
  title,
} from '../letters/pdf-kit.ts';

/**
 * The signed radiology report (A4, Indonesian like every paper the clinic hands out): the clinic's
 * letterhead, the patient, accession and examination, findings and impression, the radiologist's
 * name and sign time; "Laporan diubah" with the reason on an amended version.
 */

export interface RadiologyPrint {
  head: Letterhead;
  timeZone: string;
  patient: { name: string; mrn: string; sex: string; dob: string };
  accessionNumber: string;
  examination: string;
  modality: string;
  doctorName: string | null;
  clinicalInfo: string | null;
  findings: string;
  impression: string;
  version: number;
  amendmentReason: string | null;
  signedBy: string;
  signedAt: string;
}

const t = (key: string, params: Record<string, string | number> = {}) =>
  translate('id', `radiology.pdf.${key}`, params);

function block(doc: Doc, heading: string, text: string) {
  const { pdf, left, width } = doc;
  if (pdf.y + 60 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  pdf.font('B').fontSize(11).fillColor('black').text(heading, left, pdf.y, { width });
  pdf.moveDown(0.2);
  pdf.font('R').fontSize(10.5).text(text, left, pdf.y, { width, lineGap: 2 });
  pdf.moveDown(0.8);
}

export async function renderRadiologyPdf(p: RadiologyPrint, compress = true): Promise<Buffer> {
  const doc = open({ title: `${t('title')} ${p.accessionNumber}`, subject: p.examination }, compress);
  const { pdf, left, width } = doc;
  letterhead(doc, p.head);
  title(doc, t('title'));
  if (p.version > 1) {
    pdf
      .font('B')
      .fontSize(11)
      .fillColor('#b00020')
      .text(t('amended').toUpperCase(), left, pdf.y, { width, align: 'center' });
    pdf
      .font('R')
      .fontSize(9)
      .text(t('amendedNote', { version: p.version - 1, reason: p.amendmentReason ?? '-' }), {
        width,
        align: 'center',
      })
      .fillColor('black');
    pdf.moveDown(0.8);
  }
  fields(
    doc,
    [
      [t('patient'), p.patient.name],
      [t('mrn'), p.patient.mrn],
      [t('sexAge'), `${p.patient.sex === 'F' ? t('female') : t('male')} / ${formatDay(p.patient.dob)}`],
      [t('accession'), p.accessionNumber],
      [t('examination'), p.examination],
      [t('modality'), p.modality],
      [t('doctor'), p.doctorName ?? '-'],
      [t('clinicalInfo'), p.clinicalInfo ?? '-'],
    ],
    { labelWidth: 140, size: 10 },
  );
  block(doc, t('findings'), p.findings);
  block(doc, t('impression'), p.impression);
  if (pdf.y + 90 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  pdf.moveDown(1);
  const x = left + width - 220;
  pdf
    .font('R')
    .fontSize(10)
    .text(t('signedAt', { at: formatInstant(p.signedAt, p.timeZone) }), x, pdf.y, {
      width: 220,
      align: 'center',
    });
  pdf.text(t('radiologist'), x, pdf.y, { width: 220, align: 'center' });
  pdf.moveDown(2.5);
  pdf.font('B').text(p.signedBy, x, pdf.y, { width: 220, align: 'center', underline: true });
  return finish(doc, t('footer', { accession: p.accessionNumber, version: p.version }));
}
