import type { McuCertificateKind } from '@klinikita/domain/mcu/mcu-outputs.contract';
import { bmiOf } from '@klinikita/domain/mcu/mcu-stations';
import {
  fields,
  finish,
  formatDay,
  type Letterhead,
  letterhead,
  NBSP,
  open,
  paragraph,
  title,
} from '../letters/pdf-kit.ts';
import { sexLabel } from './mcu-report.pdf.ts';
import { drawQr, st, tr } from './mcu-report-draw.ts';

/**
 * The papers of an approved conclusion (research §2.6): the health certificate (surat keterangan
 * sehat: letterhead, number, "yang bertanda tangan", identity, the exam values, colour vision,
 * the conclusion, purpose, place and date, the doctor) and the fit-to-work letter (the category
 * and the work restrictions). Both carry the QR code of the verification page.
 */

export interface McuCertificatePrint {
  kind: McuCertificateKind;
  head: Letterhead;
  number: string;
  city: string;
  identity: {
    name: string;
    nik: string;
    birthDate: string;
    sex: 'M' | 'F';
    address: string | null;
    job: string | null;
    department: string | null;
    company: string;
  };
  examDate: string | null;
  vitals: Record<string, unknown> | null;
  colourVision: string | null;
  categoryLabel: string;
  conclusion: string | null;
  restrictions: string | null;
  advice: string | null;
  followUpDate: string | null;
  doctorName: string | null;
  approvedDay: string;
  verifyUrl: string;
}

const n = (v: unknown, unit: string) =>
  typeof v === 'number' ? `${String(v).replace('.', ',')}${NBSP}${unit}` : '-';

export async function renderMcuCertificatePdf(p: McuCertificatePrint, compress = true): Promise<Buffer> {
  const doc = open(
    {
      title: tr(`pdf.certificate.${p.kind === 'health' ? 'healthTitle' : 'fitTitle'}`),
      subject: p.identity.company,
    },
    compress,
  );
  const { pdf, left, width } = doc;
  letterhead(doc, p.head);
  title(doc, tr(`pdf.certificate.${p.kind === 'health' ? 'healthTitle' : 'fitTitle'}`));
  pdf
    .font('R')
    .fontSize(10)
    .text(tr('pdf.certificate.number', { number: p.number }), left, pdf.y - 12, {
      width,
      align: 'center',
    });
  pdf.moveDown(1);
  paragraph(doc, tr('pdf.certificate.opening', { clinic: p.head.name }));
  const i = p.identity;
  fields(
    doc,
    [
      [tr('pdf.name'), i.name],
      [tr('pdf.nik'), i.nik],
      [tr('pdf.birthDate'), formatDay(i.birthDate)],
      [tr('pdf.sex'), sexLabel(i.sex)],
      [tr('pdf.address'), i.address ?? '-'],
      [tr('pdf.job'), [i.job, i.department, i.company].filter(Boolean).join(' · ')],
    ],
    { indent: 20 },
  );
  const v = p.vitals ?? {};
  if (p.kind === 'health') {
    paragraph(doc, tr('pdf.certificate.examined', { date: p.examDate ? formatDay(p.examDate) : '-' }));
    const colour =
      p.colourVision === 'partial'
        ? tr('pdf.certificate.colourPartial')
        : p.colourVision === 'total'
          ? tr('pdf.certificate.colourTotal')
          : p.colourVision === 'normal'
            ? tr('pdf.certificate.colourNormal')
            : '-';
    const bmi = bmiOf(v.height, v.weight);
    fields(
      doc,
      [
        [st('field.height'), n(v.height, 'cm')],
        [st('field.weight'), n(v.weight, 'kg')],
        [tr('pdf.bmi'), bmi === null ? '-' : n(bmi, 'kg/m²')],
        [
          tr('pdf.bloodPressure'),
          v.systolic != null ? `${v.systolic}/${v.diastolic ?? '-'}${NBSP}mmHg` : '-',
        ],
        [st('field.pulse'), n(v.pulse, 'x/menit')],
        [st('field.respiratoryRate'), n(v.respiratoryRate, 'x/menit')],
        [st('field.temperature'), n(v.temperature, '°C')],
        [tr('pdf.certificate.colourBlind'), colour],
      ],
      { indent: 20 },
    );
    paragraph(doc, tr('pdf.certificate.healthy', { category: p.categoryLabel.toUpperCase() }), {
      bold: true,
    });
    if (p.conclusion) paragraph(doc, p.conclusion);
  } else {
    paragraph(doc, tr('pdf.certificate.fitStatement'));
    pdf.font('B').fontSize(16).text(p.categoryLabel.toUpperCase(), left, pdf.y, { width, align: 'center' });
    pdf.moveDown(0.8);
    fields(
      doc,
      [
        [tr('pdf.restrictions'), p.restrictions || tr('pdf.certificate.none')],
        [tr('pdf.advice'), p.advice || '-'],
        [tr('pdf.followUp'), p.followUpDate ? formatDay(p.followUpDate) : '-'],
        [tr('pdf.examDate'), p.examDate ? formatDay(p.examDate) : '-'],
      ],
      { indent: 20 },
    );
  }
  paragraph(
    doc,
    tr('pdf.certificate.purpose', { purpose: tr('pdf.certificate.purposeDefault', { company: i.company }) }),
  );
  pdf.moveDown(1);
  const y = pdf.y;
  const signX = left + width - 200;
  pdf
    .font('R')
    .fontSize(11)
    .text(tr('pdf.certificate.place', { place: p.city, date: formatDay(p.approvedDay) }), signX, y, {
      width: 200,
      align: 'center',
    });
  pdf.text(tr('pdf.certificate.signature'), signX, pdf.y, { width: 200, align: 'center' });
  pdf.moveDown(3.5);
  pdf.font('B').text(p.doctorName ?? '-', signX, pdf.y, { width: 200, align: 'center', underline: true });
  drawQr(doc, p.verifyUrl, left, y, 80);
  pdf
    .font('R')
    .fontSize(7)
    .text(tr('pdf.verifyHint'), left, y + 82, { width: 160 });
  return finish(doc, p.number);
}
