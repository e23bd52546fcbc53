import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { formatQueueNumber } from '@klinikita/domain/registrations/registration.rules';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import { nextQueueValue } from '../queue-counters.ts';
import {
  clinics,
  medicalCodes,
  physioProgrammes,
  physioSessions,
  registrations,
  services,
  treatmentProcedures,
  users,
} from '../schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Demo: physiotherapy and the treatment room at Menteng (clinic 10), on today's demo visits
 * (seedDemoDay). The patient of today's waiting PHYSIO visit is half-way through a programme of 8
 * sessions: the first assessment and sessions 1–4 on four earlier visits (session 3 a
 * re-evaluation), today's visit waiting for session 5. Today's treatment visits say what they are
 * for; the one waiting for the pharmacy had its wound dressed, with the consumables used. Runs
 * after seedDemoDay; a patient with a programme or a visit with a procedure is left alone, so it
 * may run again.
 */

const HOME = 10;

/** Four earlier sessions: days before today, pain before → after, what was done. */
const PAST_SESSIONS = [
  {
    daysAgo: 12,
    before: 7,
    after: 5,
    kind: 'session',
    interventions: 'Infrared 10 menit, latihan ROM aktif-asistif',
  },
  {
    daysAgo: 9,
    before: 6,
    after: 4,
    kind: 'session',
    interventions: 'TENS 15 menit, latihan ROM aktif',
  },
  {
    daysAgo: 6,
    before: 5,
    after: 3,
    kind: 'reevaluation',
    interventions: 'Evaluasi ulang; latihan penguatan dengan theraband',
  },
  {
    daysAgo: 3,
    before: 4,
    after: 2,
    kind: 'session',
    interventions: 'Latihan penguatan dan fungsi tangan (menulis, meremas bola)',
  },
] as const;

const ASSESSMENT = {
  painScale: 7,
  rangeOfMotion: [
    { joint: 'Siku kanan', movement: 'Fleksi', degrees: 95 },
    { joint: 'Pergelangan tangan kanan', movement: 'Dorsofleksi', degrees: 30 },
  ],
  strength: [
    { muscle: 'Biceps brachii kanan', grade: 3 },
    { muscle: 'Ekstensor pergelangan tangan kanan', grade: 3 },
  ],
  function: 'Belum dapat menulis dan mengangkat tas sekolah dengan tangan kanan',
};

const REEVALUATION = {
  rangeOfMotion: [
    { joint: 'Siku kanan', movement: 'Fleksi', degrees: 125 },
    { joint: 'Pergelangan tangan kanan', movement: 'Dorsofleksi', degrees: 50 },
  ],
  strength: [
    { muscle: 'Biceps brachii kanan', grade: 4 },
    { muscle: 'Ekstensor pergelangan tangan kanan', grade: 4 },
  ],
  function: 'Menulis 15 menit tanpa nyeri berarti',
};

const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function seedProgramme(tx: Tx, day: string, nurseId: number | null) {
  const [today] = await tx
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.clinicId, HOME),
        eq(registrations.queueDate, day),
        eq(registrations.serviceType, 'PHYSIO'),
        eq(registrations.status, 'Waiting'),
      ),
    )
    .orderBy(asc(registrations.id))
    .limit(1);
  if (!today) return;
  const [had] = await tx
    .select({ id: physioProgrammes.id })
    .from(physioProgrammes)
    .where(eq(physioProgrammes.patientId, today.patientId))
    .limit(1);
  if (had) return;
  if (!today.complaint)
    await tx
      .update(registrations)
      .set({ complaint: 'Fisioterapi lanjutan' })
      .where(eq(registrations.id, today.id));

  const visits: number[] = [];
  for (const s of PAST_SESSIONS) {
    const on = dayBefore(day, s.daysAgo);
    const seq = await nextQueueValue(tx, HOME, today.queuePrefix, on);
    const at = new Date(`${on}T09:30:00+07:00`);
    const { id: _id, ...model } = today;
    const [row] = await tx
      .insert(registrations)
      .values({
        ...model,
        uid: newUid(),
        status: 'Paid',
        queueDate: on,
        queueSeq: seq,
        queueNumber: formatQueueNumber(today.queuePrefix, seq),
        complaint: 'Fisioterapi, TENS',
        serviceOrderUid: null,
        labDone: true,
        arrivedAt: at,
        calledAt: new Date(at.getTime() + 10 * 60_000),
        statusChangedAt: new Date(at.getTime() + 60 * 60_000),
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: registrations.id });
    visits.push(row.id);
  }
  const opened = new Date(`${dayBefore(day, PAST_SESSIONS[0].daysAgo)}T09:45:00+07:00`);
  const [programme] = await tx
    .insert(physioProgrammes)
    .values({
      uid: newUid(),
      corpId: today.corpId,
      clinicId: HOME,
      patientId: today.patientId,
      registrationId: visits[0],
      referral: 'Fisioterapi, TENS — pasca fraktur antebrachii kanan, gips dilepas 1 minggu',
      diagnosis: 'Kekakuan sendi siku dan pergelangan tangan kanan pasca fraktur antebrachii',
      assessment: ASSESSMENT,
      goals: 'Nyeri ≤ 2, ROM siku dan pergelangan tangan penuh, kembali menulis dan bermain',
      plannedSessions: 8,
      createdBy: nurseId,
      createdAt: opened,
      updatedAt: opened,
    })
    .returning({ id: physioProgrammes.id });
  for (const [i, s] of PAST_SESSIONS.entries())
    await tx.insert(physioSessions).values({
      uid: newUid(),
      programmeId: programme.id,
      registrationId: visits[i],
      sessionNumber: i + 1,
      kind: s.kind,
      measures: {
        painBefore: s.before,
        painAfter: s.after,
        ...(s.kind === 'reevaluation' ? REEVALUATION : {}),
      },
      interventions: s.interventions,
      note: i === 0 ? 'Edukasi latihan di rumah 2 × sehari' : null,
      performedBy: nurseId,
      performedAt: new Date(`${dayBefore(day, s.daysAgo)}T10:15:00+07:00`),
    });
}

async function seedTreatments(tx: Tx, day: string, nurseId: number | null) {
  const visits = await tx
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.clinicId, HOME),
        eq(registrations.queueDate, day),
        eq(registrations.serviceType, 'TREATMENT'),
        isNull(registrations.complaint),
      ),
    )
    .orderBy(asc(registrations.id));
  const purpose: Record<string, string> = {
    Waiting: 'Nebulisasi',
    'Prescription Waiting': 'Rawat Luka',
    Cancelled: 'Injeksi',
  };
  for (const v of visits)
    await tx
      .update(registrations)
      .set({ complaint: purpose[v.status] ?? 'Rawat Luka' })
      .where(eq(registrations.id, v.id));

  const dressed = visits.find((v) => v.status === 'Prescription Waiting');
  if (!dressed || !nurseId) return;
  const [done] = await tx
    .select({ id: treatmentProcedures.id })
    .from(treatmentProcedures)
    .where(eq(treatmentProcedures.registrationId, dressed.id))
    .limit(1);
  if (done) return;
  const [wound] = await tx
    .select({ id: services.id, nameId: services.nameId, icd9Code: services.icd9Code })
    .from(services)
    .where(and(eq(services.corpId, dressed.corpId), eq(services.code, 'TND-RAWAT')));
  const icd9 = wound?.icd9Code ?? '86.28';
  const [code] = await tx
    .select({ titleId: medicalCodes.titleId })
    .from(medicalCodes)
    .where(and(eq(medicalCodes.system, 'icd9cm'), eq(medicalCodes.code, icd9)));
  // a quarter of an hour after the call, but never in the future
  const at = new Date(Math.min((dressed.calledAt ?? dressed.arrivedAt).getTime() + 15 * 60_000, Date.now()));
  await tx.insert(treatmentProcedures).values({
    uid: newUid(),
    corpId: dressed.corpId,
    clinicId: HOME,
    registrationId: dressed.id,
    serviceId: wound?.id ?? null,
    icd9Code: icd9,
    name: wound?.nameId ?? code?.titleId ?? 'Rawat Luka',
    consumables: [
      { name: 'Kasa steril 10 × 10 cm', quantity: 4, unit: 'lembar' },
      { name: 'NaCl 0,9% 100 ml', quantity: 1, unit: 'botol' },
      { name: 'Povidone iodine 10%', quantity: 5, unit: 'ml' },
      { name: 'Plester hipoalergenik', quantity: 1, unit: 'roll' },
    ],
    notes: 'Luka lecet lutut kanan 3 × 4 cm, bersih, tanpa tanda infeksi. Kontrol 3 hari lagi.',
    performedBy: nurseId,
    performedAt: at,
    requestKey: 'demo-wound-care',
    createdBy: nurseId,
    createdAt: at,
  });
}

export async function seedDemoPhysioTreatment(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [home] = await tx
      .select({ timeZone: clinics.timeZone, corpId: clinics.corpId })
      .from(clinics)
      .where(eq(clinics.id, HOME));
    if (!home) return;
    // two processes starting at once: one seeds, the other waits and sees it
    await tx.execute(sql`SELECT pg_advisory_xact_lock(20261126)`);
    const day = clinicDay(home.timeZone);
    const [nurse] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.corpId, home.corpId), inArray(users.username, ['perawat'])))
      .limit(1);
    await seedProgramme(tx, day, nurse?.id ?? null);
    await seedTreatments(tx, day, nurse?.id ?? null);
  });
}
