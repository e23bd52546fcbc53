import type {
  Registration,
  RegistrationCreateInput,
} from '@klinikita/domain/registrations/registration.schema';
import type { AuthSession } from '../../plugins/auth.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { insurerForVisit, noteVisitEligibility } from '../insurers/insurers.service.ts';
import { toRegistration } from './registrations.mapper.ts';
import { findRegistration } from './registrations.queries.ts';

/**
 * Who pays an insurance or BPJS visit, as the front office registers it (issue 18 §6): the insurer
 * picked from the master and the eligibility the clerk checked, noted the way the eligibility route
 * notes them (insurers service) in the registration's transaction, so the bill applies that
 * insurer's coverage. Old clients send only the free-text `insuranceName`, kept as before.
 */

export type VisitInsurer = Awaited<ReturnType<typeof insurerForVisit>>;

/**
 * The insurer named by `insurerUid`, checked before anything is written: an active one of the
 * session's corporate of the visit's kind (BPJS for a BPJS visit, an insurer or TPA for an
 * insurance one); else 400 naming the field. Null when the client named none.
 */
export async function insurerOfRegistration(
  tx: Executor,
  session: AuthSession,
  input: Pick<RegistrationCreateInput, 'insurerUid' | 'payerType'>,
): Promise<VisitInsurer | null> {
  if (!input.insurerUid || (input.payerType !== 'insurance' && input.payerType !== 'bpjs')) return null;
  const insurer = await insurerForVisit(tx, session, input.insurerUid, { notFound: 400, inactive: 400 });
  if ((insurer.kind === 'bpjs') !== (input.payerType === 'bpjs'))
    throw new AppError(400, 'registrations.insurerPayerMismatch', { name: insurer.name }, [
      { path: 'insurerUid', key: 'registrations.insurerPayerMismatchField' },
    ]);
  return insurer;
}

/** Notes the insurer and the eligibility on the visit just registered; the visit as it now reads. */
export async function notePayerOfVisit(
  tx: Executor,
  session: AuthSession,
  ip: string,
  registration: Registration,
  insurer: VisitInsurer,
  input: Pick<RegistrationCreateInput, 'eligibility'>,
): Promise<Registration> {
  const row = await findRegistration(tx, registration._id);
  if (!row) return registration;
  await noteVisitEligibility(tx, session, ip, row, insurer, input.eligibility ?? {});
  const noted = await findRegistration(tx, registration._id);
  return toRegistration(noted ?? row);
}
