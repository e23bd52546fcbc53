import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import { useSessionUser } from '../../shared/session/session-store.ts';
import { storedId } from '../../shared/session/stored-id.ts';
import { useWorkingClinic } from '../../shared/session/working-clinic.ts';

const pickedDoctor = storedId('klinikita.queueDoctor', () => sessionStorage);

/**
 * Whose queue the doctor screens show, at which clinic. A doctor sees their own patients; anyone
 * else (Nurse, Super Admin) every doctor's, or one doctor's once picked (kept for the tab, shared
 * by the sidebar and the examination page).
 */
export function useQueueDoctor() {
  const user = useSessionUser();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const picked = pickedDoctor.use();
  return {
    user,
    clinic,
    clinics,
    setClinicId,
    isDoctor: user.DoctorId !== null,
    /** undefined: every doctor of the clinic. */
    doctorId: queueDoctorId(user, picked),
    setPickedDoctorId: pickedDoctor.set,
  };
}

/** Whose queue: the doctor's own, else the doctor picked in this tab (undefined: every doctor). */
export const queueDoctorId = (user: SessionUser, picked: number | null): number | undefined =>
  user.DoctorId !== null ? (user.DoctorId ?? undefined) : (picked ?? undefined);

/** The doctor picked in this tab now, outside React (a route's early read). */
export const pickedQueueDoctor = (): number | null => pickedDoctor.get();
