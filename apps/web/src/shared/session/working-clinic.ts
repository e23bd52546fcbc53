import { useCallback, useSyncExternalStore } from 'react';
import { useSessionUser } from './session-store.ts';

const KEY = 'klinikita.workingClinic';
const listeners = new Set<() => void>();

function read(): number | null {
  try {
    const v = Number(localStorage.getItem(KEY));
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
 * The clinic a queue screen works on: the one the user picked (kept in local storage) when it is
 * still in their scope, else their own clinic, else the first clinic they may touch. Users with
 * one clinic never choose; Super Admin, Admin and doctors at several clinics pick one.
 */
export function useWorkingClinic() {
  const user = useSessionUser();
  const stored = useSyncExternalStore(subscribe, read, () => null);
  const clinics = user.clinics;
  const clinic =
    clinics.find((c) => c.id === stored) ?? clinics.find((c) => c.id === user.ClinicId) ?? clinics[0] ?? null;
  const setClinicId = useCallback((id: number) => {
    try {
      localStorage.setItem(KEY, String(id));
    } catch {
      // private mode: the choice lasts until the page reloads
    }
    for (const l of listeners) l();
  }, []);
  return { clinic, clinics, setClinicId };
}
