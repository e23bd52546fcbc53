import { clinicDay, weekdayOf } from '@klinikita/domain/common/clinic-day';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { doctorScheduleDays, doctorScheduleSlots, drugs, medicalCodes } from '../db/schema/index.ts';
import { newUid } from '../shared/crypto.ts';

/** The doctor practises at the clinic today (whatever weekday the suite runs), no daily limit. */
export async function practisesToday(db: Db, doctorId: number, clinicId: number) {
  const weekday = weekdayOf(clinicDay('Asia/Jakarta'));
  await db
    .insert(doctorScheduleDays)
    .values({ doctorId, clinicId, weekday, patientLimit: 0 })
    .onConflictDoUpdate({
      target: [doctorScheduleDays.doctorId, doctorScheduleDays.clinicId, doctorScheduleDays.weekday],
      set: { patientLimit: 0 },
    });
  const [{ n }] = await db
    .select({ n: count() })
    .from(doctorScheduleSlots)
    .where(
      and(
        eq(doctorScheduleSlots.doctorId, doctorId),
        eq(doctorScheduleSlots.clinicId, clinicId),
        eq(doctorScheduleSlots.weekday, weekday),
      ),
    );
  if (n === 0)
    await db
      .insert(doctorScheduleSlots)
      .values({ doctorId, clinicId, weekday, startTime: '22:00', endTime: '23:30' });
}

/** Codes a note may name (the shipped lists hold them too; inserted here so a test never depends on their load). */
export async function ensureCodes(db: Db) {
  await db
    .insert(medicalCodes)
    .values([
      {
        system: 'icd10',
        code: 'J06.9',
        titleEn: 'Acute upper respiratory infection, unspecified',
        titleId: 'Infeksi saluran pernapasan atas akut, tidak spesifik',
        search: 'j06.9 j069 acute upper respiratory infection ispa',
      },
      {
        system: 'icd10',
        code: 'I10',
        titleEn: 'Essential (primary) hypertension',
        titleId: 'Hipertensi esensial (primer)',
        search: 'i10 essential hypertension hipertensi',
      },
      {
        system: 'icd9cm',
        code: '93.94',
        titleEn: 'Respiratory medication administered by nebulizer',
        titleId: 'Pemberian obat pernapasan dengan nebulizer',
        search: '93.94 9394 nebulizer',
      },
    ])
    .onConflictDoNothing();
}

/** An active drug of the corporate; answers its public id. */
export async function aDrug(db: Db, corpId: number, name = 'Paracetamol') {
  const uid = newUid();
  await db.insert(drugs).values({
    uid,
    corpId,
    name,
    form: 'tablet',
    strength: `${500 + Math.floor(Math.random() * 1e6)} mg`,
    unit: 'tablet',
    price: 500,
  });
  return uid;
}
