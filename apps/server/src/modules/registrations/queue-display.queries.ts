import type { RegistrationStatus } from '@klinikita/domain/registrations/registration.rules';
import { eq, sql } from 'drizzle-orm';
import { queueSettings } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The waiting-room display's link and what it shows (queue-display.service.ts). */

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export async function displayTokenOf(db: Executor, clinicId: number) {
  const [row] = await db
    .select({ token: queueSettings.displayToken })
    .from(queueSettings)
    .where(eq(queueSettings.clinicId, clinicId));
  return row?.token ?? null;
}

export async function setDisplayToken(db: Executor, clinicId: number, token: string) {
  await db
    .insert(queueSettings)
    .values({ clinicId, displayToken: token })
    .onConflictDoUpdate({
      target: queueSettings.clinicId,
      set: { displayToken: token, updatedAt: sql`now()` },
    });
}

export async function clinicByDisplayToken(db: Executor, token: string) {
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT c.id, c.name, c.time_zone FROM queue_settings q JOIN clinics c ON c.id = q.clinic_id
       WHERE q.display_token = ${token} AND c.deleted_at IS NULL`),
  );
  return row ? { id: row.id as number, name: row.name as string, timeZone: row.time_zone as string } : null;
}

/** The display: today's latest calls and who still waits, per room. */
export async function displayState(db: Executor, clinicId: number, day: string, pharmacyRoom: string) {
  const calls = rowsOf(
    await db.execute(sql`
      SELECT uid, queue_number, room, status, called_at FROM registrations
       WHERE clinic_id = ${clinicId} AND queue_date = ${day}::date AND called_at IS NOT NULL
         AND status <> 'Cancelled'
      UNION ALL
      -- the pharmacy calls the patient to its counter when the drugs are ready (issue 17 §1)
      SELECT p.uid, r.queue_number, ${pharmacyRoom} AS room, r.status, p.ready_at AS called_at
        FROM prescriptions p JOIN registrations r ON r.id = p.registration_id
       WHERE p.clinic_id = ${clinicId} AND r.queue_date = ${day}::date AND p.ready_at IS NOT NULL
       ORDER BY called_at DESC LIMIT 8`),
  );
  const waiting = rowsOf(
    await db.execute(sql`
      SELECT room, count(*)::int AS n FROM registrations
       WHERE clinic_id = ${clinicId} AND queue_date = ${day}::date AND status IN ('Waiting', 'Queueing', 'Skip')
       GROUP BY room ORDER BY room`),
  );
  return {
    calls: calls.map((c) => ({
      _id: c.uid as string,
      queueNumber: c.queue_number as string,
      room: c.room as string,
      status: c.status as RegistrationStatus,
      calledAt: new Date(c.called_at as string).toISOString(),
    })),
    waiting: waiting.map((w) => ({ room: w.room as string, count: Number(w.n) })),
  };
}
