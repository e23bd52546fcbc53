import { clinicDay, weekdayOf } from '@klinikita/domain/common/clinic-day';
import { id as catalogId } from '@klinikita/domain/i18n/id';
import {
  DEFAULT_QUEUE_PREFIXES,
  formatQueueNumber,
  queuePrefixFor,
  type RegistrationStatus,
  type ServiceType,
} from '@klinikita/domain/registrations/registration.rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import { nextQueueValue } from '../queue-counters.ts';
import { clinics, partnerCompanies, patients, registrations } from '../schema/index.ts';
import { DEMO_BPJS, DEMO_TPA, demoInsurerIds } from './insurers.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Enabled doctors with a slot at the clinic on the weekday, by name (the front office's doctor list). */
async function doctorsPractising(tx: Tx, corpId: number, clinicId: number, weekday: number) {
  const result = await tx.execute<{ doctor_id: number; room: string | null }>(sql`
    SELECT d.id AS doctor_id, dc.room
      FROM doctors d
      JOIN employees e ON e.id = d.employee_id AND e.deleted_at IS NULL AND e.active
      JOIN doctor_clinics dc ON dc.doctor_id = d.id AND dc.clinic_id = ${clinicId}
     WHERE d.corp_id = ${corpId} AND d.enabled
       AND EXISTS (SELECT 1 FROM doctor_schedule_slots sl
                    WHERE sl.doctor_id = d.id AND sl.clinic_id = ${clinicId} AND sl.weekday = ${weekday})
     ORDER BY e.name`);
  return result.rows.map((r) => ({ doctorId: r.doctor_id, room: r.room }));
}

export const DEMO_COMPANIES = [
  { name: 'PT Maju Bersama Logistik', code: 'MBL' },
  { name: 'PT Bank Nusantara Sejahtera', code: 'BNS' },
  { name: 'PT Sinar Abadi Konstruksi', code: 'SAK' },
];

export async function seedPartnerCompanies(db: Db | Tx, corpId: number) {
  await db
    .insert(partnerCompanies)
    .values(DEMO_COMPANIES.map((c) => ({ ...c, corpId })))
    .onConflictDoNothing();
}

const OFFSETS: Record<string, string> = {
  'Asia/Jakarta': '+07:00',
  'Asia/Makassar': '+08:00',
  'Asia/Jayapura': '+09:00',
};

interface Plan {
  clinicId: number;
  status: RegistrationStatus;
  serviceType?: ServiceType;
  doctorId?: number;
  room?: string;
  company?: boolean;
  sampling?: boolean;
  labDone?: boolean;
  radDone?: boolean;
}

// a morning's worth of one doctor's patients, oldest first: the early ones are through, the late ones wait
const DOCTOR_DAY: RegistrationStatus[] = [
  'Paid',
  'Paid',
  'Payment',
  'Prescription Waiting',
  'Exam Done',
  'Examination',
  'Skip',
  'Queueing',
  'Waiting',
  'Waiting',
  'Waiting',
];

const SERVICE_DAY: Omit<Plan, 'clinicId'>[] = [
  { serviceType: 'LAB', status: 'Exam Done', sampling: true, labDone: true },
  { serviceType: 'LAB', status: 'Examination', sampling: true },
  { serviceType: 'LAB', status: 'Waiting' },
  { serviceType: 'LAB', status: 'Payment' },
  { serviceType: 'TREATMENT', status: 'Waiting' },
  // a wound dressed, the ointment to fetch from the pharmacy: every status is there even on a day
  // without a doctor
  { serviceType: 'TREATMENT', status: 'Prescription Waiting' },
  { serviceType: 'TREATMENT', status: 'Cancelled' },
  { serviceType: 'PHYSIO', status: 'Examination' },
  { serviceType: 'PHYSIO', status: 'Waiting' },
];

const MCU_DAY: Omit<Plan, 'clinicId'>[] = [
  { serviceType: 'MCU', status: 'Paid', company: true, sampling: true, labDone: true, radDone: true },
  { serviceType: 'MCU', status: 'Exam Done', company: true, sampling: true, labDone: true, radDone: true },
  { serviceType: 'MCU', status: 'Examination', company: true, sampling: true, radDone: true },
  { serviceType: 'MCU', status: 'Examination', company: true, sampling: true },
  { serviceType: 'MCU', status: 'Queueing', company: true },
  { serviceType: 'MCU', status: 'Waiting', company: true },
  { serviceType: 'RAD', status: 'Exam Done', radDone: true },
  { serviceType: 'RAD', status: 'Waiting' },
  { serviceType: 'LAB', status: 'Waiting' },
  { serviceType: 'TREATMENT', status: 'Skip' },
];

const CALLED: RegistrationStatus[] = [
  'Skip',
  'Examination',
  'Exam Done',
  'Prescription Waiting',
  'Payment',
  'Paid',
];

/**
 * Today's queue of the demo clinics, in every status, so the demo opens on a living clinic
 * (issue 4). Runs at every start of a demo database and adds the day once: the first
 * registration of the day at clinic 10 marks it done.
 */
export async function seedDemoDay(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const demoClinics = await tx
      .select({ id: clinics.id, corpId: clinics.corpId, timeZone: clinics.timeZone })
      .from(clinics)
      .where(sql`${clinics.id} IN (10, 11, 12)`)
      .orderBy(asc(clinics.id));
    if (demoClinics.length === 0) return 0;
    const home = demoClinics[0];
    const today = clinicDay(home.timeZone, now);
    const [done] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.clinicId, home.id), eq(registrations.queueDate, today)))
      .limit(1);
    if (done) return 0;
    // two processes starting at once (several instances): one seeds, the other waits and sees it
    await tx.execute(sql`SELECT pg_advisory_xact_lock(20261122)`);

    const companies = await tx
      .select({ id: partnerCompanies.id })
      .from(partnerCompanies)
      .where(eq(partnerCompanies.corpId, home.corpId))
      .orderBy(asc(partnerCompanies.id));
    const insurerIds = await demoInsurerIds(tx, home.corpId);
    let created = 0;
    for (const clinic of demoClinics) {
      const day = clinicDay(clinic.timeZone, now);
      const plans: Plan[] = [];
      if (clinic.id === 10) {
        const doctors = await doctorsPractising(tx, clinic.corpId, clinic.id, weekdayOf(day));
        for (const doctor of doctors.slice(0, 1))
          for (const status of DOCTOR_DAY)
            plans.push({
              clinicId: clinic.id,
              status,
              doctorId: doctor.doctorId,
              room: doctor.room ?? 'Poli Umum',
            });
        plans.push(...SERVICE_DAY.map((p) => ({ ...p, clinicId: clinic.id })));
      } else {
        plans.push(
          ...(clinic.id === 11 ? MCU_DAY : MCU_DAY.slice(1, 6)).map((p) => ({ ...p, clinicId: clinic.id })),
        );
      }
      const people = await tx
        .select({ id: patients.id, payerType: patients.payerType, insuranceName: patients.insuranceName })
        .from(patients)
        .where(eq(patients.clinicId, clinic.id))
        .orderBy(asc(patients.id))
        .limit(plans.length);
      const opening = new Date(`${day}T08:00:00${OFFSETS[clinic.timeZone] ?? '+07:00'}`).getTime();
      for (const [i, plan] of plans.entries()) {
        const person = people[i % people.length];
        if (!person) break;
        const payerType = plan.company
          ? 'company'
          : person.payerType === 'company'
            ? 'self'
            : person.payerType;
        const prefix = queuePrefixFor(DEFAULT_QUEUE_PREFIXES, {
          orderType: plan.doctorId ? 'doctor' : 'service',
          serviceType: plan.serviceType,
          payerType,
        });
        const seq = await nextQueueValue(tx, clinic.id, prefix, day);
        // arrivals every 12 minutes from 08:00, but never in the future
        const arrived = new Date(
          Math.min(opening + i * 12 * 60_000, now.getTime() - (plans.length - i) * 60_000),
        );
        const called = CALLED.includes(plan.status) ? new Date(arrived.getTime() + 10 * 60_000) : null;
        await tx.insert(registrations).values({
          uid: newUid(),
          corpId: clinic.corpId,
          clinicId: clinic.id,
          patientId: person.id,
          orderType: plan.doctorId ? 'doctor' : 'service',
          serviceType: plan.doctorId ? null : (plan.serviceType ?? null),
          doctorId: plan.doctorId ?? null,
          status: plan.status,
          queueDate: day,
          queuePrefix: prefix,
          queueSeq: seq,
          queueNumber: formatQueueNumber(prefix, seq),
          room: plan.room ?? catalogId.registrations.rooms[plan.serviceType ?? 'LAB'],
          payerType,
          companyId: plan.company ? (companies[i % Math.max(1, companies.length)]?.id ?? null) : null,
          // the demo's insurance visits are paid through its TPA, its BPJS visits through BPJS
          insurerId: payerType === 'insurance' || payerType === 'bpjs' ? insurerIds[payerType] : null,
          insuranceName:
            payerType === 'insurance' && insurerIds.insurance
              ? DEMO_TPA
              : payerType === 'bpjs' && insurerIds.bpjs
                ? DEMO_BPJS
                : payerType === 'insurance' || payerType === 'bpjs'
                  ? person.insuranceName
                  : null,
          referrer: i % 4 === 0 ? 'Puskesmas Menteng' : null,
          complaint: plan.doctorId
            ? ['Demam 3 hari', 'Batuk pilek', 'Kontrol tekanan darah', 'Nyeri ulu hati'][i % 4]
            : null,
          samplingDone: plan.sampling ?? false,
          labDone: plan.labDone ?? false,
          radDone: plan.radDone ?? false,
          arrivedAt: arrived,
          calledAt: called && called < now ? called : called ? now : null,
          statusChangedAt: called ?? arrived,
          createdAt: arrived,
        });
        created++;
      }
    }
    return created;
  });
}
