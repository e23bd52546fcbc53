import { useSessionUser } from './session-store.ts';
import { storedId } from './stored-id.ts';

const workingClinic = storedId('klinikita.workingClinic', () => localStorage);

/**
 * The clinic a queue screen works on: the one the user picked (kept in local storage) when it is
 * still in their scope, else their own clinic, else the first clinic they may touch. Users with
 * one clinic never choose; Super Admin, Admin and doctors at several clinics pick one.
 */
export function useWorkingClinic() {
  const user = useSessionUser();
  const stored = workingClinic.use();
  const clinics = user.clinics;
  const clinic =
    clinics.find((c) => c.id === stored) ?? clinics.find((c) => c.id === user.ClinicId) ?? clinics[0] ?? null;
  return { clinic, clinics, setClinicId: workingClinic.set };
}
