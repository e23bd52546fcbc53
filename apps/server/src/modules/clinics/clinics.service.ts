import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope, assertCorporate } from '../../shared/access.ts';
import { notFound } from '../../shared/errors.ts';
import { findClinic, findCorporate, listClinics } from './clinics.queries.ts';

/** `pharmacies/corps/where`: the caller's own corporate only. */
export async function readCorporate(db: Db, session: AuthSession, id: number) {
  assertCorporate(session, id);
  const corporate = await findCorporate(db, id);
  if (!corporate) throw notFound();
  return corporate;
}

/** The clinics of the caller's scope (a corporate named must be the caller's). */
export function clinicsInScope(db: Db, session: AuthSession, corpId: number | undefined) {
  if (corpId !== undefined) assertCorporate(session, corpId);
  return listClinics(db, session.clinicIds);
}

/** One clinic of the caller's scope. */
export async function readClinic(db: Db, session: AuthSession, clinicId: number) {
  assertClinicInScope(session, clinicId);
  const clinic = await findClinic(db, clinicId);
  if (!clinic) throw notFound();
  return clinic;
}
