import { readFileSync } from 'node:fs';
import type { LetterKind } from '@klinikita/domain/consultations/consultation.rules';
import type {
  Encounter,
  PrescriptionItem,
  ServiceOrder,
} from '@klinikita/domain/consultations/consultation.schema';
import { id as catalogId } from '@klinikita/domain/i18n/id';
import { translate } from '@klinikita/domain/i18n/translate';
import PDFDocument from 'pdfkit';
import type { LetterSnapshot } from './letters.queries.ts';

/**
 * Letters and the printed visit record, A4. Written in Indonesian whatever the screen's language:
 * they are papers handed to employers, hospitals and patients.
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

const t = (key: string, params: Record<string, string | number> = {}) =>
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

export interface Letterhead {
  name: string;
  address: string | null;
  phone: string | null;
  corporate: string;
}

interface Doc {
  pdf: PDFKit.PDFDocument;
  left: number;
  width: number;
}

const MARGIN = 56;
const GREY = '#555555';

function open(info: { title: string; subject: string }, compress: boolean): Doc {
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

function finish(doc: Doc, footer?: string): Promise<Buffer> {
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
function letterhead(doc: Doc, head: Letterhead) {
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

function title(doc: Doc, text: string, number?: string) {
  const { pdf, left, width } = doc;
  pdf.font('B').fontSize(13).text(text, left, pdf.y, { width, align: 'center', underline: true });
  if (number) pdf.font('R').fontSize(10).text(t('number', { number }), { width, align: 'center' });
  pdf.moveDown(1.2);
  pdf.font('R').fontSize(11);
}

function paragraph(doc: Doc, text: string, options: { bold?: boolean; gap?: number; indent?: number } = {}) {
  const { pdf, left, width } = doc;
  const indent = options.indent ?? 0;
  pdf
    .font(options.bold ? 'B' : 'R')
    .text(text, left + indent, pdf.y, { width: width - indent, align: 'justify', lineGap: 2 });
  pdf.font('R');
  pdf.moveDown(options.gap ?? 0.6);
}

/** 'Label : value' rows with the values aligned. */
function fields(
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

function ageText(age: { years: number; months: number }) {
  return age.years >= 5 || !age.months
    ? t('years', { years: age.years })
    : t('yearsMonths', { years: age.years, months: age.months });
}

const patientName = (p: { title: string | null; name: string }) =>
  p.title ? `${p.title}. ${p.name}` : p.name;

type VitalValues = LetterSnapshot['vitals'];
const num = (n: number) => String(n).replace('.', ',');
// a value never parts from its unit at a line end
const NBSP = '\u00a0';

/** The vitals that were measured, as 'Label : value unit' rows. */
function vitalRows(v: VitalValues): [string, string][] {
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

/** What the printed visit record shows about the patient (beyond what the Encounter holds). */
export interface VisitPrintPatient {
  name: string;
  title: string | null;
  mrn: string;
  sex: 'M' | 'F';
  dob: string;
  age: { years: number; months: number };
  nik: string | null;
  allergies: string | null;
}

function section(doc: Doc, heading: string) {
  const { pdf, left, width } = doc;
  if (pdf.y + 60 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  pdf.moveDown(0.4);
  pdf.font('B').fontSize(11).fillColor('black').text(heading, left, pdf.y, { width });
  const y = pdf.y + 1;
  pdf
    .lineWidth(0.5)
    .strokeColor('#999999')
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke()
    .strokeColor('black');
  pdf.y = y + 4;
  pdf.font('R').fontSize(10);
}

function lines(doc: Doc, items: string[], options: { indent?: number } = {}) {
  const { pdf, left, width } = doc;
  const indent = options.indent ?? 0;
  pdf.font('R').fontSize(10);
  for (const item of items) pdf.text(item, left + indent, pdf.y, { width: width - indent, lineGap: 1.5 });
  pdf.moveDown(0.3);
}

function prescriptionLines(items: PrescriptionItem[]): string[][] {
  return items.map((item, i) => {
    const duration = item.durationDays ? `, ${item.durationDays} hari` : '';
    const route = (catalogId.consultations.routes as Record<string, string>)[item.route] ?? item.route;
    const sig = `${item.dose} ${item.frequency} (${route})${duration}`;
    if (item.kind === 'compound') {
      return [
        `${i + 1}. ${item.name} — ${t('compoundOf', { form: item.compoundForm ?? '-', quantity: item.quantity, unit: item.unit })}; ${sig}`,
        ...item.ingredients.map((ing) => `• ${ing.name} ${ing.amount}`),
        ...(item.instructions ? [item.instructions] : []),
      ];
    }
    return [
      `${i + 1}. ${item.name} — ${item.quantity} ${item.unit}; ${sig}${item.instructions ? `; ${item.instructions}` : ''}`,
    ];
  });
}

function orderLines(orders: ServiceOrder[], services: Record<string, string>): string[] {
  return orders.flatMap((o) => [
    t('orderLine', {
      service: services[o.serviceType] ?? o.serviceType,
      queueNumber: o.queueNumber ?? '—',
      status: o.status
        ? ((catalogId.registrations.statuses as Record<string, string>)[o.status] ?? o.status)
        : '—',
      items: o.items.join(', '),
    }),
    ...(o.note ? [`   ${o.note}`] : []),
    ...(o.result ? [`   ${t('result', { result: o.result })}`] : []),
  ]);
}

/** One visit printed: patient banner, vitals, SOAP, diagnoses, procedures, prescription, orders, addenda. */
export function renderEncounterPdf(
  input: {
    encounter: Encounter;
    patient: VisitPrintPatient;
    head: Letterhead;
    timeZone: string;
    printedBy: string;
  },
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const { encounter: e, patient: p, head, timeZone } = input;
  const doc = open(
    { title: `${t('titles.visit')} ${p.mrn} ${e.registration.queueDate}`, subject: p.name },
    options.compress ?? true,
  );
  const { pdf } = doc;
  letterhead(doc, head);
  title(doc, t('titles.visit'));

  // the banner: who (left) and which visit (right)
  const top = pdf.y;
  const column = (doc.width - 16) / 2;
  pdf.fontSize(10);
  fields(
    { ...doc, width: column },
    [
      [t('name'), patientName(p)],
      [t('mrn'), p.mrn],
      [t('dob'), `${formatDay(p.dob)} (${ageText(p.age)})`],
      [t('sex'), t(`sexes.${p.sex}`)],
      [t('nik'), p.nik ?? '-'],
    ],
    { labelWidth: 96, size: 10 },
  );
  const leftBottom = pdf.y;
  pdf.y = top;
  fields(
    { ...doc, left: doc.left + column + 16, width: column },
    [
      [t('visitDate'), formatDay(e.registration.queueDate)],
      [t('clinic'), e.clinic.name],
      [t('doctor'), e.doctor?.name ?? '-'],
      [t('queueNumber'), e.registration.queueNumber],
      [t('status'), t(`statuses.${e.status}`)],
    ],
    { labelWidth: 96, size: 10 },
  );
  pdf.y = Math.max(leftBottom, pdf.y);
  // allergies stand out: a wrong drug is the error a printout must prevent
  pdf
    .font('B')
    .fontSize(10)
    .fillColor(p.allergies ? '#b00020' : 'black')
    .text(`${t('allergies')}: ${p.allergies ?? t('empty')}`, doc.left, pdf.y, { width: doc.width })
    .fillColor('black');
  pdf.moveDown(0.4);

  const vitals = vitalRows({ ...e, bmi: e.bmi });
  if (vitals.length) {
    section(doc, t('vitalsHeading'));
    lines(doc, [vitals.map(([label, value]) => `${label}:${NBSP}${value}`).join('   ·   ')]);
  }

  for (const part of ['subjective', 'objective', 'assessment', 'plan'] as const) {
    const text = e[part];
    if (!text) continue;
    section(doc, t(`soap.${part}`));
    lines(doc, [text]);
  }

  section(doc, t('diagnoses'));
  lines(
    doc,
    e.diagnoses.length
      ? e.diagnoses.map((d) => `${d.code}  ${d.title}${d.primary ? ` (${t('primary')})` : ''}`)
      : [t('empty')],
  );

  if (e.procedures.length) {
    section(doc, t('procedures'));
    lines(
      doc,
      e.procedures.map((d) => `${d.code}  ${d.title}`),
    );
  }

  if (e.prescription.length) {
    section(doc, t('prescription'));
    for (const [first, ...rest] of prescriptionLines(e.prescription)) {
      lines(doc, [first]);
      if (rest.length) lines(doc, rest, { indent: 18 });
    }
  }

  const services = catalogId.consultations.services as Record<string, string>;
  if (e.serviceOrders.length) {
    section(doc, t('orders'));
    lines(doc, orderLines(e.serviceOrders, services));
  } else if (e.orders.length) {
    section(doc, t('orders'));
    lines(
      doc,
      e.orders.map((o) => `${services[o.serviceType] ?? o.serviceType}: ${o.items.join(', ')}`),
    );
  }

  if (e.referral) {
    section(doc, t('referral'));
    lines(doc, [[e.referral.facility, e.referral.specialty].filter(Boolean).join(' — '), e.referral.reason]);
  }

  if (e.letters.length) {
    section(doc, t('letters'));
    lines(
      doc,
      e.letters.map((l) => `${translate('id', `letters.kinds.${l.kind}`)} ${l.number}`),
    );
  }

  if (e.addenda.length) {
    section(doc, t('addenda'));
    for (const a of e.addenda) {
      pdf
        .font('B')
        .fontSize(9)
        .text(
          t('addendumBy', { date: formatInstant(a.createdAt, timeZone), name: a.by.name }),
          doc.left,
          pdf.y,
          { width: doc.width },
        );
      lines(doc, [a.text]);
    }
  }

  pdf.moveDown(0.8);
  pdf.font('R').fontSize(10);
  const signed =
    e.status === 'signed' && e.signedAt
      ? t('signedAt', {
          name: e.signedBy?.name ?? e.doctor?.name ?? '-',
          date: formatInstant(e.signedAt, timeZone),
        })
      : t('notSigned');
  pdf.font('B').text(signed, doc.left, pdf.y, { width: doc.width });

  return finish(doc, t('printedAt', { date: formatInstant(new Date(), timeZone), name: input.printedBy }));
}
