import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import type { EncounterDiagnosis, PrescriptionItem } from '@klinikita/domain/consultations/encounter.schema';
import { hasRacikan } from '@klinikita/domain/pharmacy/pharmacy.rules';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { populationIhs } from '../../integrations/satusehat/simulator/simulator.population.ts';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import { nextQueueValue } from '../queue-counters.ts';
import { clinics, encounters, patients, prescriptions, registrations, users } from '../schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface Case {
  complaint: string;
  objective: string;
  assessment: string;
  plan: string;
  diagnoses: EncounterDiagnosis[];
  prescription: PrescriptionItem[];
}

const drug = (
  name: string,
  dose: string,
  frequency: string,
  days: number,
  quantity: number,
  unit: string,
  instructions: string,
): PrescriptionItem => ({
  kind: 'drug',
  drugId: null,
  name,
  ingredients: [],
  compoundForm: null,
  dose,
  frequency,
  route: 'oral',
  durationDays: days,
  quantity,
  unit,
  instructions,
});

// what a general practitioner writes on an ordinary morning
const CASES: Case[] = [
  {
    complaint: 'Batuk pilek 3 hari, demam ringan, nyeri menelan',
    objective: 'Faring hiperemis, tonsil T1-T1, paru vesikuler tanpa ronki',
    assessment: 'ISPA',
    plan: 'Simtomatik, banyak minum, kontrol bila demam > 3 hari',
    diagnoses: [
      { code: 'J06.9', title: 'Infeksi saluran pernapasan atas akut, tidak spesifik', primary: true },
    ],
    prescription: [
      drug('Paracetamol 500 mg', '1 tablet', '3x sehari', 3, 9, 'tablet', 'Sesudah makan, bila demam'),
      drug('Ambroxol 30 mg', '1 tablet', '3x sehari', 3, 9, 'tablet', 'Sesudah makan'),
    ],
  },
  {
    complaint: 'Kontrol tekanan darah, kadang pusing',
    objective: 'Jantung dan paru dalam batas normal, edema tidak ada',
    assessment: 'Hipertensi terkontrol sebagian',
    plan: 'Lanjut amlodipin, diet rendah garam, kontrol 1 bulan',
    diagnoses: [{ code: 'I10', title: 'Hipertensi esensial (primer)', primary: true }],
    prescription: [drug('Amlodipine 10 mg', '1 tablet', '1x sehari', 30, 30, 'tablet', 'Pagi hari')],
  },
  {
    complaint: 'Nyeri ulu hati, mual setelah makan',
    objective: 'Nyeri tekan epigastrium, bising usus normal',
    assessment: 'Dispepsia',
    plan: 'Antasida dan PPI, makan teratur, hindari pedas dan kopi',
    diagnoses: [{ code: 'K30', title: 'Dispepsia', primary: true }],
    prescription: [
      drug('Omeprazole 20 mg', '1 kapsul', '1x sehari', 7, 7, 'kapsul', 'Sebelum makan pagi'),
      drug('Antasida DOEN', '1 tablet', '3x sehari', 5, 15, 'tablet', 'Dikunyah sebelum makan'),
    ],
  },
  {
    complaint: 'Demam 3 hari, nyeri kepala',
    objective: 'Suhu 38,2 °C, tidak ada tanda perdarahan, uji torniket negatif',
    assessment: 'Demam hari ke-3, observasi',
    plan: 'Cek darah lengkap, antipiretik, kontrol besok',
    diagnoses: [{ code: 'R50.9', title: 'Demam, tidak spesifik', primary: true }],
    prescription: [drug('Paracetamol 500 mg', '1 tablet', '3x sehari', 3, 9, 'tablet', 'Bila demam')],
  },
];

const VITALS = [
  { systolic: 118, diastolic: 76, pulse: 84, respiratoryRate: 18, temperature: 37.6, spo2: 98 },
  { systolic: 148, diastolic: 94, pulse: 80, respiratoryRate: 16, temperature: 36.6, spo2: 98 },
  { systolic: 124, diastolic: 80, pulse: 76, respiratoryRate: 16, temperature: 36.8, spo2: 99 },
  { systolic: 112, diastolic: 72, pulse: 96, respiratoryRate: 20, temperature: 38.2, spo2: 97 },
];

const SIGNED: string[] = ['Exam Done', 'Prescription Waiting', 'Payment', 'Paid'];

/**
 * Notes behind the demo's doctor visits (the ones called today at clinic 10) and, the first time,
 * three earlier visits for the first patients so the record opens with a history and trends.
 */
export async function seedDemoRecords(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [clinic] = await tx
      .select({ id: clinics.id, corpId: clinics.corpId, timeZone: clinics.timeZone })
      .from(clinics)
      .where(eq(clinics.id, 10));
    if (!clinic) return 0;
    const today = clinicDay(clinic.timeZone, now);
    const visits = await tx
      .select({
        id: registrations.id,
        patientId: registrations.patientId,
        doctorId: registrations.doctorId,
        status: registrations.status,
        payerType: registrations.payerType,
        arrivedAt: registrations.arrivedAt,
      })
      .from(registrations)
      .leftJoin(encounters, eq(encounters.registrationId, registrations.id))
      .where(
        and(
          eq(registrations.clinicId, clinic.id),
          eq(registrations.queueDate, today),
          eq(registrations.orderType, 'doctor'),
          inArray(registrations.status, ['Examination', ...SIGNED]),
          isNull(encounters.id),
        ),
      )
      .orderBy(asc(registrations.id));
    if (!visits.length) return 0;
    const [doctorUser] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.doctorId, visits[0].doctorId ?? 0))
      .limit(1);
    const signer = doctorUser?.id ?? null;
    const [{ history }] = await tx
      .select({ history: sql<number>`count(*)::int` })
      .from(encounters)
      .where(eq(encounters.clinicId, clinic.id));

    let created = 0;
    for (const [i, v] of visits.entries()) {
      const c = CASES[i % CASES.length];
      if (history === 0 && i < 3) {
        // three earlier visits, a month apart: the same complaint coming back, vitals to trend
        for (let k = 3; k >= 1; k--) {
          const day = addDays(today, -30 * k - i);
          const seq = await nextQueueValue(tx, clinic.id, 'A', day);
          const at = new Date(`${day}T09:${String(10 + k).padStart(2, '0')}:00+07:00`);
          const [past] = await tx
            .insert(registrations)
            .values({
              uid: newUid(),
              corpId: clinic.corpId,
              clinicId: clinic.id,
              patientId: v.patientId,
              orderType: 'doctor',
              doctorId: v.doctorId,
              status: 'Paid',
              queueDate: day,
              queuePrefix: 'A',
              queueSeq: seq,
              queueNumber: `A-${String(seq).padStart(3, '0')}`,
              room: 'Poli Umum',
              payerType: v.payerType,
              complaint: c.complaint,
              arrivedAt: at,
              calledAt: at,
              statusChangedAt: at,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: registrations.id });
          await insertNote(tx, clinic, { ...v, id: past.id }, c, k, signer, at);
          created++;
        }
      }
      await insertNote(tx, clinic, v, c, 0, v.status === 'Examination' ? null : signer, v.arrivedAt);
      created++;
    }
    return created;
  });
}

/** Menteng patients the other demo parts take first (the day's queue, pharmacy, bills, company month). */
const YESTERDAY_SKIP_PATIENTS = 60;
const YESTERDAY_VISITS = 4;

/**
 * An IHS number as an old system's import left it: the right one with two digits swapped. The
 * platform refuses a visit sent under it ("Referenced Patient/… does not exist"); the patient's
 * page looks it up again by NIK ("Periksa ulang IHS").
 */
export function mistypedIhs(nik: string): string {
  const right = populationIhs(`nik|${nik}`);
  const digits = right.slice(1).split('');
  // the first two unequal neighbours after the first few digits (a number of one repeated digit: the last changed)
  const at = digits.findIndex((d, i) => i > 2 && i + 1 < digits.length && d !== digits[i + 1]);
  if (at < 0) digits[digits.length - 1] = digits.at(-1) === '0' ? '1' : '0';
  else [digits[at], digits[at + 1]] = [digits[at + 1], digits[at]];
  return `P${digits.join('')}`;
}

/**
 * Yesterday's signed doctor visits at Menteng, so the demo's SATUSEHAT sync screen shows a day
 * sent (issue 19): at the demo's start only, once, when yesterday has no visit there. The second
 * patient carries an IHS number mistyped by an import (`mistypedIhs`): the visit the platform
 * refuses, corrected on the patient's page and sent again. Answers the visits made.
 */
export async function seedDemoYesterday(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [clinic] = await tx
      .select({ id: clinics.id, corpId: clinics.corpId, timeZone: clinics.timeZone })
      .from(clinics)
      .where(eq(clinics.id, 10));
    if (!clinic) return 0;
    const day = addDays(clinicDay(clinic.timeZone, now), -1);
    const [done] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.clinicId, clinic.id), eq(registrations.queueDate, day)))
      .limit(1);
    if (done) return 0;
    const [doctor] = await tx
      .select({ userId: users.id, doctorId: users.doctorId })
      .from(users)
      .where(and(eq(users.username, 'dokter'), isNotNull(users.doctorId)))
      .limit(1);
    const people = await tx
      .select({ id: patients.id, nik: patients.nik })
      .from(patients)
      .where(
        and(
          eq(patients.clinicId, clinic.id),
          isNull(patients.deletedAt),
          isNotNull(patients.nik),
          isNull(patients.ihsNumber),
        ),
      )
      .orderBy(asc(patients.id))
      .offset(YESTERDAY_SKIP_PATIENTS)
      .limit(YESTERDAY_VISITS);
    if (!doctor?.doctorId || people.length < YESTERDAY_VISITS) return 0;
    for (const [i, person] of people.entries()) {
      const c = CASES[i % CASES.length];
      const seq = await nextQueueValue(tx, clinic.id, 'A', day);
      const at = new Date(`${day}T08:${String(10 + i * 12).padStart(2, '0')}:00+07:00`);
      const [visit] = await tx
        .insert(registrations)
        .values({
          uid: newUid(),
          corpId: clinic.corpId,
          clinicId: clinic.id,
          patientId: person.id,
          orderType: 'doctor',
          doctorId: doctor.doctorId,
          status: 'Paid',
          queueDate: day,
          queuePrefix: 'A',
          queueSeq: seq,
          queueNumber: `A-${String(seq).padStart(3, '0')}`,
          room: 'Poli Umum',
          // paid at the counter: no insurer to settle with
          payerType: 'self',
          complaint: c.complaint,
          arrivedAt: at,
          calledAt: new Date(at.getTime() + 10 * 60_000),
          statusChangedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: registrations.id });
      const v = { id: visit.id, patientId: person.id, doctorId: doctor.doctorId, status: 'Paid' };
      await insertNote(tx, clinic, v, c, 0, doctor.userId, new Date(at.getTime() + 10 * 60_000));
      if (i === 1 && person.nik)
        await tx
          .update(patients)
          .set({ ihsNumber: mistypedIhs(person.nik) })
          .where(eq(patients.id, person.id));
    }
    return people.length;
  });
}

async function insertNote(
  tx: Tx,
  clinic: { id: number; corpId: number },
  v: { id: number; patientId: number; doctorId: number | null; status: string },
  c: Case,
  monthsAgo: number,
  signer: number | null,
  at: Date,
) {
  const vitals = VITALS[CASES.indexOf(c) % VITALS.length];
  const signed = signer !== null;
  const [row] = await tx
    .insert(encounters)
    .values({
      uid: newUid(),
      corpId: clinic.corpId,
      clinicId: clinic.id,
      patientId: v.patientId,
      registrationId: v.id,
      doctorId: v.doctorId,
      status: signed ? 'signed' : 'draft',
      ...vitals,
      // a slow drift over the months, as a chart of a real patient shows
      systolic: vitals.systolic + monthsAgo * 4,
      diastolic: vitals.diastolic + monthsAgo * 2,
      weight: 68 + monthsAgo * 0.8,
      height: 165,
      subjective: c.complaint,
      objective: signed ? c.objective : null,
      assessment: signed ? c.assessment : null,
      plan: signed ? c.plan : null,
      diagnoses: signed ? c.diagnoses : [],
      prescription: signed ? c.prescription : [],
      createdBy: signer,
      createdAt: at,
      updatedAt: at,
      signedAt: signed ? new Date(at.getTime() + 15 * 60_000) : null,
      signedBy: signer,
    })
    .returning({ id: encounters.id });
  if (signed && c.prescription.length)
    await tx.insert(prescriptions).values({
      uid: newUid(),
      corpId: clinic.corpId,
      clinicId: clinic.id,
      patientId: v.patientId,
      encounterId: row.id,
      registrationId: v.id,
      doctorId: v.doctorId,
      status: v.status === 'Prescription Waiting' ? 'submitted' : 'dispensed',
      items: c.prescription,
      racikan: hasRacikan(c.prescription),
      createdAt: at,
    });
}
