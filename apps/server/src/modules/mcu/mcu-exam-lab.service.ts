import type { Executor } from '../../shared/sql.ts';
import { packageLabCodes } from './mcu-exam.queries.ts';

/**
 * The lab's side of an MCU visit: the lab services of the participant's package (their codes),
 * per visit id — what the lab module works on when the MCU visit carries no doctor's order. A
 * visit that is no participant's has none.
 */
export function mcuLabItems(
  db: Executor,
  registrationIds: readonly number[],
): Promise<Map<number, string[]>> {
  return packageLabCodes(db, registrationIds);
}
