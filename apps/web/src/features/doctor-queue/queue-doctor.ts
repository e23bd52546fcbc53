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
  const isDoctor = user.DoctorId !== null;
  return {
    user,
    clinic,
    clinics,
    setClinicId,
    isDoctor,
    /** undefined: every doctor of the clinic. */
    doctorId: isDoctor ? (user.DoctorId ?? undefined) : (picked ?? undefined),
    setPickedDoctorId: pickedDoctor.set,
  };
}
