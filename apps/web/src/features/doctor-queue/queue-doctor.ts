import { useCallback, useSyncExternalStore } from 'react';
import { useSessionUser } from '../../shared/session/session-store.ts';
import { useWorkingClinic } from '../../shared/session/working-clinic.ts';

const KEY = 'klinikita.queueDoctor';
const listeners = new Set<() => void>();

function read(): number | null {
  try {
    const v = Number(sessionStorage.getItem(KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whose queue the doctor screens show, at which clinic. A doctor sees their own patients; anyone
 * else (Nurse, Super Admin) every doctor's, or one doctor's once picked (kept for the tab, shared
 * by the sidebar and the examination page).
 */
export function useQueueDoctor() {
  const user = useSessionUser();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const picked = useSyncExternalStore(subscribe, read, () => null);
  const isDoctor = user.DoctorId !== null;
  const setPickedDoctorId = useCallback((id: number | null) => {
    try {
      if (id === null) sessionStorage.removeItem(KEY);
      else sessionStorage.setItem(KEY, String(id));
    } catch {
      // private mode: the choice lasts until the page reloads
    }
    for (const l of listeners) l();
  }, []);
  return {
    user,
    clinic,
    clinics,
    setClinicId,
    isDoctor,
    /** undefined: every doctor of the clinic. */
    doctorId: isDoctor ? (user.DoctorId ?? undefined) : (picked ?? undefined),
    setPickedDoctorId,
  };
}
