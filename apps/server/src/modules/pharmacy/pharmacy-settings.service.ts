import type { PharmacySettings } from '@klinikita/domain/pharmacy/pharmacy.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { clinicFees, saveFees } from './pharmacy-extras.queries.ts';

/** A clinic's racikan fees (issue 17 §3): read by the pharmacy, set by who keeps the tariffs. */

export async function getSettings(db: Db, session: AuthSession, clinicId: number): Promise<PharmacySettings> {
  clinicOf(session, clinicId);
  return { clinicId, ...(await clinicFees(db, clinicId)) };
}

export async function saveSettings(
  db: Db,
  session: AuthSession,
  input: PharmacySettings,
  ip: string,
): Promise<PharmacySettings> {
  clinicOf(session, input.clinicId);
  const fees = { compoundingPerLine: input.compoundingPerLine, packagingPerPacket: input.packagingPerPacket };
  await db.transaction(async (tx) => {
    await saveFees(tx, input.clinicId, fees, session.userId);
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId: input.clinicId,
      action: 'pharmacy.settings',
      entity: 'clinic',
      entityId: String(input.clinicId),
      ip,
      detail: fees,
    });
  });
  return { clinicId: input.clinicId, ...fees };
}
