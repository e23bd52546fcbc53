import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import { useSessionUser } from './session-store.ts';
import { storedId } from './stored-id.ts';

const workingClinic = storedId('klinikita.workingClinic', () => localStorage);

/** The clinic the user works on, given the one kept in storage (see useWorkingClinic). */
export function workingClinicOf(user: SessionUser, stored: number | null) {
  const clinics = user.clinics;
  return (
    clinics.find((c) => c.id === stored) ?? clinics.find((c) => c.id === user.ClinicId) ?? clinics[0] ?? null
  );
}

/** The working clinic now, outside React (a route's early read). */
export const currentWorkingClinic = (user: SessionUser) => workingClinicOf(user, workingClinic.get());

/**
 * The clinic a queue screen works on: the one the user picked (kept in local storage) when it is
 * still in their scope, else their own clinic, else the first clinic they may touch. Users with
 * one clinic never choose; Super Admin, Admin and doctors at several clinics pick one.
 */
export function useWorkingClinic() {
  const user = useSessionUser();
  const stored = workingClinic.use();
  return { clinic: workingClinicOf(user, stored), clinics: user.clinics, setClinicId: workingClinic.set };
}
