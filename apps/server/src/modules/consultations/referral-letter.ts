import { formatLetterNumber, type LetterKind } from '@klinikita/domain/consultations/consultation.rules';
import type { EncounterDiagnosis, ReferralDraft } from '@klinikita/domain/consultations/consultation.schema';
import { sql } from 'drizzle-orm';
import { letterCounters, letters } from '../../db/schema/index.ts';
import { newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';

/** The next letter number of a clinic, kind and year, from the counter row (never read-max-plus-one). */
export async function nextLetterNumber(db: Executor, clinicId: number, kind: LetterKind, year: number) {
  const [row] = await db
    .insert(letterCounters)
    .values({ clinicId, kind, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [letterCounters.clinicId, letterCounters.kind, letterCounters.year],
      set: { lastValue: sql`${letterCounters.lastValue} + 1` },
    })
    .returning({ value: letterCounters.lastValue });
  return formatLetterNumber(kind, clinicId, year, row.value);
}

/** The referral letter written when a note with a referral is finished. */
export async function createReferralLetter(
  db: Executor,
  input: {
    corpId: number;
    clinicId: number;
    patientId: number;
    encounterId: number;
    userId: number;
    referral: ReferralDraft;
    diagnoses: EncounterDiagnosis[];
    doctorName: string | null;
  },
) {
  const number = await nextLetterNumber(db, input.clinicId, 'referral', new Date().getFullYear());
  await db.insert(letters).values({
    uid: newUid(),
    corpId: input.corpId,
    clinicId: input.clinicId,
    patientId: input.patientId,
    encounterId: input.encounterId,
    kind: 'referral',
    number,
    data: { ...input.referral, diagnoses: input.diagnoses, doctorName: input.doctorName },
    createdBy: input.userId,
  });
  return number;
}
