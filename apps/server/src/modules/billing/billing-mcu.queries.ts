import { eq } from 'drizzle-orm';
import { clinics } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The clinic's time zone (an MCU bill's invoice and receipt numbers take the clinic's month). */
export async function clinicZone(db: Executor, clinicId: number): Promise<string> {
  const [row] = await db.select({ timeZone: clinics.timeZone }).from(clinics).where(eq(clinics.id, clinicId));
  return row?.timeZone ?? 'Asia/Jakarta';
}
