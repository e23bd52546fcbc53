import type { LetterKind } from '@klinikita/domain/consultations/consultation.rules';
import type { LetterSnapshot } from './letters.queries.ts';
import {
  ageText,
  type Doc,
  fields,
  finish,
  formatDay,
  letterhead,
  open,
  paragraph,
  patientName,
  t,
  title,
  vitalRows,
} from './pdf-kit.ts';

/** The letters a doctor writes (health certificate, sick leave, referral), A4, in Indonesian. */

const UNITS = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'];
/** Indonesian number words for the small counts a letter spells out: 3 → 'tiga', 21 → 'dua puluh satu'. */
export function numberWords(n: number): string {
  if (n < 10) return UNITS[n] || 'nol';
  if (n === 10) return 'sepuluh';
  if (n === 11) return 'sebelas';
  if (n < 20) return `${UNITS[n - 10]} belas`;
  if (n < 100) return `${UNITS[Math.floor(n / 10)]} puluh${n % 10 ? ` ${UNITS[n % 10]}` : ''}`;
  return String(n);
}

/**
 * Where a letter is signed: the city the clinic's address ends with ('…, Menteng, Jakarta Pusat'
 * → 'Jakarta Pusat'), else the clinic's name.
 */
export function placeOf(clinic: { name: string; address: string | null }): string {
  const parts = (clinic.address ?? '')
    .split(',')
    .map((p) => p.replace(/\b\d{5}\b/g, '').trim())
    .filter(Boolean);
  return parts.length >= 2 ? parts[parts.length - 1] : clinic.name;
}

/** Place and date, then the doctor's name under room for the signature and stamp. */
function signature(doc: Doc, place: string, day: string, doctor: LetterSnapshot['doctor'], lead: string) {
  const { pdf, left, width } = doc;
  const boxWidth = 220;
  const x = left + width - boxWidth;
  if (pdf.y + 120 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  pdf.moveDown(1);
  const y = pdf.y;
  pdf
    .font('R')
    .fontSize(11)
    .text(`${place}, ${formatDay(day)}`, x, y, { width: boxWidth, align: 'center' });
  pdf.text(lead, { width: boxWidth, align: 'center' });
  pdf.moveDown(4);
  pdf.font('B').text(doctor?.name ?? '(................................)', x, pdf.y, {
    width: boxWidth,
    align: 'center',
    underline: Boolean(doctor),
  });
  if (doctor?.sip)
    pdf
      .font('R')
      .fontSize(10)
      .text(t('sip', { sip: doctor.sip }), { width: boxWidth, align: 'center' });
  pdf.font('R').fontSize(11);
  pdf.x = left;
}

function patientFields(p: LetterSnapshot['patient'], withRecord = false): [string, string][] {
  const rows: [string, string][] = [
    [t('name'), patientName(p)],
    [t('age'), ageText(p.age)],
    [t('sex'), t(`sexes.${p.sex}`)],
  ];
  if (p.nik) rows.push([t('nik'), p.nik]);
  if (withRecord) rows.push([t('mrn'), p.mrn]);
  rows.push([t('address'), p.address ?? '-']);
  return rows;
}

export interface LetterPrint {
  kind: LetterKind;
  number: string;
  data: LetterSnapshot;
}

/** A health certificate, sick-leave letter or referral letter, as written. */
export function renderLetterPdf(letter: LetterPrint, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { data } = letter;
  const heading = t(`titles.${letter.kind}`);
  const doc = open(
    { title: `${heading} ${letter.number}`, subject: data.patient.name },
    options.compress ?? true,
  );
  letterhead(doc, data.clinic);
  title(doc, heading, letter.number);
  const place = placeOf(data.clinic);
  const opening = data.doctor
    ? t('opening', { doctor: data.doctor.name })
    : t('openingClinic', { clinic: data.clinic.name });

  if (letter.kind === 'health') {
    paragraph(doc, opening);
    fields(doc, patientFields(data.patient), { indent: 16 });
    paragraph(doc, t('healthExamined', { date: formatDay(data.visitDate) }));
    const vitals = vitalRows(data.vitals);
    if (vitals.length) fields(doc, vitals, { indent: 16 });
    paragraph(doc, `${t('healthVerdict')}:`, { gap: 0.3 });
    doc.pdf
      .font('B')
      .fontSize(14)
      .text(data.healthy ? t('healthy') : t('unhealthy'), doc.left, doc.pdf.y, {
        width: doc.width,
        align: 'center',
      });
    doc.pdf.font('R').fontSize(11).moveDown(0.6);
    if (data.purpose) paragraph(doc, t('purpose', { purpose: data.purpose }));
    if (data.notes) paragraph(doc, t('notes', { notes: data.notes }));
    paragraph(doc, t('closing'));
    signature(doc, place, data.writtenOn, data.doctor, t('doctorSign'));
  } else if (letter.kind === 'sick') {
    paragraph(doc, opening);
    fields(doc, patientFields(data.patient), { indent: 16 });
    const days = data.restDays ?? 1;
    paragraph(
      doc,
      t('sickBody', {
        date: formatDay(data.visitDate),
        days,
        daysWords: numberWords(days),
        from: formatDay(data.restFrom ?? data.visitDate),
        until: formatDay(data.restUntil ?? data.restFrom ?? data.visitDate),
      }),
    );
    if (data.notes) paragraph(doc, t('notes', { notes: data.notes }));
    paragraph(doc, t('closing'));
    signature(doc, place, data.writtenOn, data.doctor, t('doctorSign'));
  } else {
    const referral = data.referral;
    const { pdf } = doc;
    pdf.font('R').fontSize(11).text(t('referralTo'), doc.left, pdf.y);
    pdf
      .font('B')
      .text(
        referral?.specialty
          ? t('referralSpecialist', { specialty: referral.specialty })
          : t('referralColleague'),
      );
    pdf.font('R').text(t('referralAt', { facility: referral?.facility ?? '-' }));
    pdf.moveDown(1);
    paragraph(doc, t('referralGreeting'), { gap: 0.3 });
    paragraph(doc, t('referralAsk'));
    fields(doc, patientFields(data.patient, true), { indent: 16 });
    const primaryFirst = [...data.diagnoses].sort((a, b) => Number(b.primary) - Number(a.primary));
    const vitals = vitalRows(data.vitals)
      .map(([label, value]) => `${label} ${value}`)
      .join('; ');
    fields(
      doc,
      [
        [t('referralHistory'), data.history ?? '-'],
        [t('referralFindings'), [vitals, data.findings].filter(Boolean).join('. ') || '-'],
        [t('referralDiagnosis'), primaryFirst.map((d) => `${d.code} ${d.title}`).join('; ') || '-'],
        [t('referralTherapy'), data.therapy.join('; ') || '-'],
        [t('referralReason'), referral?.reason ?? '-'],
      ],
      { labelWidth: 165 },
    );
    paragraph(doc, t('referralThanks'));
    signature(doc, place, data.writtenOn, data.doctor, t('regards'));
  }
  return finish(doc);
}
