import type { SubstituteInput } from '@klinikita/domain/pharmacy/pharmacy.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { drugsOf, insertEvent, lockOrder } from './pharmacy.queries.ts';
import { audit, findScoped, present, refuse, scopedOrder } from './pharmacy.service.ts';
import { saveSubstitution, substitutionsOf } from './pharmacy-extras.queries.ts';

/** Substitutions are made while the pharmacy still prepares the order. */
const SUBSTITUTABLE = ['in_review', 'on_hold', 'preparing'];

/**
 * The pharmacist gives another drug of the master for a drug line (issue 17 §2), with the reason:
 * kept per line (a later one replaces it), logged as a `substitute` move, shown to the doctor on the
 * signed note; the handover takes the substitute's stock. The prescribed quantity stays.
 */
export async function substitute(
  db: Db,
  session: AuthSession,
  uid: string,
  input: SubstituteInput,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const { row, clinic } = await scopedOrder(tx, session, uid);
    const from = await lockOrder(tx, row.id);
    if (!SUBSTITUTABLE.includes(from)) throw refuse(409, 'notSubstitutable', { from });
    const item = row.items[input.line];
    if (!item) throw refuse(400, 'lineUnknown', { line: input.line + 1 }, 'line');
    if (item.kind === 'compound') throw refuse(400, 'substituteRacikan', {}, 'line');
    const [drug] = await drugsOf(tx, row.corpId, [input.itemUid]);
    if (!drug) throw refuse(400, 'substituteUnknown', {}, 'itemUid');
    const earlier = (await substitutionsOf(tx, row.id)).find((s) => s.line === input.line);
    const fromName = earlier?.fromName ?? item.name;
    const toName = [drug.name, drug.strength].filter(Boolean).join(' ');
    await saveSubstitution(tx, {
      prescriptionId: row.id,
      line: input.line,
      fromName,
      itemId: drug.id,
      reason: input.reason,
      userId: session.userId,
    });
    await insertEvent(tx, {
      prescriptionId: row.id,
      action: 'substitute',
      fromStatus: from,
      toStatus: from,
      reason: `${fromName} → ${toName}: ${input.reason}`,
      userId: session.userId,
    });
    await audit(tx, session, ip, row, 'prescription.substitute', {
      line: input.line,
      from: fromName,
      to: drug.uid,
      reason: input.reason,
    });
    return present(tx, (await findScoped(tx, session, uid))!, clinic.timeZone);
  });
}
