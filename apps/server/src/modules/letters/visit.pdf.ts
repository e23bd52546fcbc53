import type {
  Encounter,
  PrescriptionItem,
  ServiceOrder,
} from '@klinikita/domain/consultations/encounter.schema';
import { id as catalogId } from '@klinikita/domain/i18n/id';
import { translate } from '@klinikita/domain/i18n/translate';
import {
  ageText,
  type Doc,
  fields,
  finish,
  formatDay,
  formatInstant,
  type Letterhead,
  letterhead,
  NBSP,
  open,
  patientName,
  t,
  title,
  vitalRows,
} from './pdf-kit.ts';

/** The printed visit record (one encounter of the record), A4, in Indonesian. */

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
