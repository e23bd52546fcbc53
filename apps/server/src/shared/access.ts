import type { Permission } from '@klinikita/domain/access/permissions';
import { CORPORATE_SCOPE_ROLES } from '@klinikita/domain/access/roles';
import { CLINICAL_ROLES } from '@klinikita/domain/consultations/consultation.rules';
import type { AuthSession } from '../plugins/auth.ts';
import { forbidden } from './errors.ts';

/**
 * The one home of the access rules every module applies (DESIGN 4): the clinic and corporate
 * scope of the session and its permissions. Ids from the client are checked here, never trusted.
 */

/** Whether the caller's role works at corporate level (every clinic of the corporate). */
export const corporateLevel = (session: AuthSession) => CORPORATE_SCOPE_ROLES.includes(session.roleName);

/** Whether the caller may act on data of this clinic; corporate-level rows (no clinic) need a corporate role. */
export const clinicInScope = (session: AuthSession, clinicId: number | null) =>
  clinicId === null ? corporateLevel(session) : session.clinicIds.includes(clinicId);

/** Refuses a clinic outside the caller's scope (403). */
export function assertClinicInScope(session: AuthSession, clinicId: number | null): void {
  if (!clinicInScope(session, clinicId)) throw forbidden('api.clinicForbidden');
}

/** The session's clinic (with its time zone and name, no query) or 403. */
export function clinicOf(session: AuthSession, clinicId: number) {
  const clinic = session.clinics.find((c) => c.id === clinicId);
  if (!clinic || clinic.corpId !== session.corpId) throw forbidden('api.clinicForbidden');
  return clinic;
}

/** A row of another corporate is refused (403). */
export function assertCorporate(session: AuthSession, corpId: number): void {
  if (corpId !== session.corpId) throw forbidden('api.corporateForbidden');
}

export const can = (session: AuthSession, permission: Permission) => session.permissions.has(permission);

/** Refuses a caller without the permission (403, with the given message key). */
export function assertCan(session: AuthSession, permission: Permission, key = 'api.forbidden'): void {
  if (!can(session, permission)) throw forbidden(key);
}

/** Clinical records (notes, letters, the EMR) are read and written by clinical roles only (403). */
export function assertClinical(session: AuthSession): void {
  if (!CLINICAL_ROLES.includes(session.roleName)) throw forbidden('consultations.notClinical');
}
