import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  clinics,
  mcuConclusions,
  mcuEvents,
  mcuPackages,
  mcuParticipants,
  mcuStationResults,
  partnerCompanies,
  patients,
  services,
  users,
} from '../db/schema/index.ts';
import { newUid } from '../shared/crypto.ts';

/**
 * MCU test data written straight into the tables (the outputs' tests do not depend on the import,
 * check-in and station screens): a company, a package with every station, an event at a clinic,
 * participants with recorded stations and a conclusion.
 */

let serial = 0;
const next = () => `${process.pid % 1000}${++serial}`.padStart(4, '0');

export const ALL_STATIONS = [
  'anamnesis',
  'vitals',
  'physical',
  'eye',
  'dental',
  'audiometry',
  'spirometry',
  'ecg',
  'xray',
  'lab',
];

export async function mcuCompanyAndPackage(db: Db, clinicId: number, stations = ALL_STATIONS) {
  const [clinic] = await db.select().from(clinics).where(eq(clinics.id, clinicId));
  const n = next();
  const [company] = await db
    .insert(partnerCompanies)
    .values({ corpId: clinic.corpId, name: `PT Uji MCU ${n}`, code: `UM${n}` })
    .returning();
  const [pkg] = await db
    .insert(services)
    .values({
      uid: newUid(),
      corpId: clinic.corpId,
      code: `MCU-UJI-${n}`,
      nameId: `Paket MCU Uji ${n}`,
      nameEn: `Test MCU package ${n}`,
      serviceGroup: 'mcu',
      unit: 'paket',
      isPackage: true,
    })
    .returning();
  await db.insert(mcuPackages).values({ serviceId: pkg.id, examType: 'periodic', stations });
  return { clinic, company, pkg };
}

export async function mcuEvent(
  db: Db,
  base: Awaited<ReturnType<typeof mcuCompanyAndPackage>>,
  day: string,
  name = 'MCU Berkala Uji',
) {
  const [event] = await db
    .insert(mcuEvents)
    .values({
      uid: newUid(),
      corpId: base.clinic.corpId,
      clinicId: base.clinic.id,
      companyId: base.company.id,
      name,
      examType: 'periodic',
      startDate: day,
      endDate: day,
    })
    .returning();
  return event;
}

export interface ParticipantInput {
  name: string;
  nik?: string;
  sex?: 'M' | 'F';
  department?: string;
  stations?: Record<string, { data: Record<string, unknown>; findings?: string[] }>;
  status?: 'registered' | 'inProgress' | 'done' | 'approved';
}

/** A patient and a participant of the event, with its recorded stations. */
export async function mcuParticipant(
  db: Db,
  base: Awaited<ReturnType<typeof mcuCompanyAndPackage>>,
  event: typeof mcuEvents.$inferSelect,
  input: ParticipantInput,
) {
  const n = next();
  const nik = input.nik ?? `3216${String(Date.now()).slice(-6)}${n}`.slice(0, 16).padEnd(16, '7');
  const [patient] = await db
    .insert(patients)
    .values({
      uid: newUid(),
      corpId: base.clinic.corpId,
      clinicId: base.clinic.id,
      mrn: `MCU-${n}`,
      name: input.name,
      sex: input.sex ?? 'M',
      dob: '1990-05-17',
      nik,
      address: 'Jl. Industri Selatan 5, Cikarang',
    })
    .returning();
  const [p] = await db
    .insert(mcuParticipants)
    .values({
      uid: newUid(),
      corpId: base.clinic.corpId,
      clinicId: base.clinic.id,
      eventId: event.id,
      companyId: base.company.id,
      seq: Number(n),
      mcuNumber: `${base.company.code}-${n}`,
      patientId: patient.id,
      employeeNumber: `EMP${n}`,
      nik,
      name: input.name,
      sex: input.sex ?? 'M',
      birthDate: '1990-05-17',
      department: input.department ?? 'Produksi',
      job: 'Operator',
      packageId: base.pkg.id,
      status: input.status ?? 'done',
      checkedInAt: new Date(),
      exposures: [
        { group: 'physical', agent: 'Bising', hoursPerDay: 8, years: 5, ppe: 'Ear plug', level: null },
      ],
      occupationalHistory: 'Operator mesin press sejak 2019',
    })
    .returning();
  const [examiner] = await db.select().from(users).where(eq(users.username, 'dokter2'));
  for (const [station, r] of Object.entries(input.stations ?? {}))
    await db.insert(mcuStationResults).values({
      participantId: p.id,
      station,
      data: r.data,
      findings: r.findings ?? [],
      normal: !(r.findings ?? []).length,
      examinedBy: examiner.id,
    });
  return p;
}

/** A conclusion version of the participant (approved by dokter2 unless a draft). */
export async function mcuConclusion(
  db: Db,
  participantId: number,
  input: {
    category: string;
    status: 'draft' | 'approved';
    findings?: string[];
    conclusion?: string;
    advice?: string;
    restrictions?: string;
  },
) {
  const [doctor] = await db.select().from(users).where(eq(users.username, 'dokter2'));
  const previous = await db
    .select()
    .from(mcuConclusions)
    .where(and(eq(mcuConclusions.participantId, participantId), eq(mcuConclusions.status, 'approved')));
  for (const old of previous)
    await db
      .update(mcuConclusions)
      .set({ status: 'replaced', replacedAt: new Date() })
      .where(eq(mcuConclusions.id, old.id));
  const version =
    (await db.select().from(mcuConclusions).where(eq(mcuConclusions.participantId, participantId))).length +
    1;
  const [row] = await db
    .insert(mcuConclusions)
    .values({
      uid: newUid(),
      participantId,
      version,
      status: input.status,
      category: input.category,
      conclusion: input.conclusion ?? null,
      advice: input.advice ?? null,
      restrictions: input.restrictions ?? null,
      findings: input.findings ?? [],
      amendmentReason: version > 1 ? 'Koreksi hasil' : null,
      verifyToken: randomBytes(18).toString('base64url'),
      writtenBy: doctor.id,
      approvedBy: input.status === 'approved' ? doctor.id : null,
      approvedAt: input.status === 'approved' ? new Date() : null,
    })
    .returning();
  if (input.status === 'approved')
    await db.update(mcuParticipants).set({ status: 'approved' }).where(eq(mcuParticipants.id, participantId));
  return row;
}

/** A full set of normal-ish station results with a few abnormal values. */
export const SAMPLE_STATIONS: ParticipantInput['stations'] = {
  anamnesis: {
    data: {
      complaint: 'Nyeri pinggang',
      pastIllness: '',
      smoking: 'yes',
      alcohol: 'no',
      exercise: 'sometimes',
    },
  },
  vitals: {
    data: {
      systolic: 150,
      diastolic: 95,
      pulse: 82,
      respiratoryRate: 18,
      temperature: 36.6,
      height: 170,
      weight: 82,
    },
    findings: ['Hipertensi stadium 1 (150/95 mmHg)', 'Obesitas I (IMT 28,4)'],
  },
  physical: {
    data: {
      generalCondition: 'good',
      consciousness: 'composMentis',
      ear: 'normal',
      nose: 'normal',
      mouth: 'normal',
      neck: 'normal',
      respiratory: 'normal',
      cardiovascular: 'normal',
      digestive: 'normal',
      genitourinary: 'normal',
      limbs: 'abnormal',
      limbsNote: 'Nyeri tekan lumbal',
    },
  },
  eye: {
    data: {
      visusRight: '6/6',
      visusLeft: '6/9',
      correction: 'none',
      colourVision: 'normal',
      eyeExternal: 'normal',
    },
  },
  dental: { data: { caries: 2, missing: 0, calculus: 'present', gums: 'normal' } },
  audiometry: {
    data: {
      right250: 15,
      right500: 15,
      right1000: 20,
      right2000: 25,
      right3000: 35,
      right4000: 45,
      right6000: 40,
      right8000: 30,
      left250: 10,
      left500: 15,
      left1000: 15,
      left2000: 20,
      left3000: 30,
      left4000: 40,
      left6000: 35,
      left8000: 25,
    },
    findings: ['Penurunan pendengaran 4000 Hz (noise notch)'],
  },
  spirometry: { data: { fvc: 3.9, fev1: 3.2, fvcPredicted: 92 } },
  ecg: { data: { rhythm: 'sinus', heartRate: 78, axis: 'normal', ecgOther: 'normal' } },
  xray: {
    data: {
      cor: 'normal',
      pulmo: 'normal',
      sinusDiaphragm: 'normal',
      bones: 'normal',
      impression: 'Cor dan pulmo dalam batas normal',
    },
  },
};
