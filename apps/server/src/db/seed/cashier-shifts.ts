import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { and, eq } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Db } from '../client.ts';
import { cashierShifts, clinics, users } from '../schema/index.ts';

/** Menteng, the demo's clinic the kasir works at. */
const CLINIC = 10;
export const DEMO_SHIFT_FLOAT = 500_000;

/**
 * The demo kasir's shift at Menteng (issue 18 §4), open with a float of Rp 500.000, so the
 * cashier screen takes payments at once. Made at the demo's start when the kasir has no open
 * shift there (a shift left open stays: only its cashier closes it). Answers whether it made one.
 */
export async function seedDemoCashierShift(db: Db, now = new Date()): Promise<boolean> {
  const [clinic] = await db.select().from(clinics).where(eq(clinics.id, CLINIC));
  const [kasir] = await db.select().from(users).where(eq(users.username, 'kasir')).limit(1);
  if (!clinic || !kasir) return false;
  const [open] = await db
    .select({ id: cashierShifts.id })
    .from(cashierShifts)
    .where(
      and(
        eq(cashierShifts.cashierId, kasir.id),
        eq(cashierShifts.clinicId, CLINIC),
        eq(cashierShifts.status, 'open'),
      ),
    );
  if (open) return false;
  await db.insert(cashierShifts).values({
    uid: newUid(),
    corpId: clinic.corpId,
    clinicId: CLINIC,
    cashierId: kasir.id,
    day: clinicDay(clinic.timeZone, now),
    openedAt: now,
    openingFloat: DEMO_SHIFT_FLOAT,
  });
  return true;
}
