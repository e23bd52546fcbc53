import { ROLES } from '@klinikita/domain/access/roles';
import { LIST_MAX_DAYS, toDMY } from '@klinikita/domain/common/dates';
import {
  LAB_FILTER_SERVICES,
  type LabFilterService,
  type ServiceType,
} from '@klinikita/domain/registrations/registration.rules';

export type SidebarVariant = 'lab' | 'physio';

/** Spec 3: the patient filter's service list, kept in local storage under a short key. */
export const LAB_FILTER_KEY = 'labFilter';

/** The stored service list, or spec 9's default MCU, TREATMENT, RAD, LAB. */
export function readLabServices(): LabFilterService[] {
  try {
    const raw = localStorage.getItem(LAB_FILTER_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) {
      const services = LAB_FILTER_SERVICES.filter((s) => parsed.includes(s));
      if (services.length > 0) return services;
    }
  } catch {
    // unreadable or blocked storage: the default
  }
  return [...LAB_FILTER_SERVICES];
}

export function writeLabServices(services: readonly LabFilterService[]): void {
  try {
    localStorage.setItem(LAB_FILTER_KEY, JSON.stringify(services));
  } catch {
    // private mode: the choice lasts until the page reloads
  }
}

/**
 * The services the list asks for: PHYSIO in the physio variant; RAD alone for the Radiologi role
 * (spec 6, whatever is stored); otherwise the stored choice.
 */
export function effectiveServices(
  variant: SidebarVariant,
  role: string,
  stored: readonly LabFilterService[],
): ServiceType[] {
  if (variant === 'physio') return ['PHYSIO'];
  if (role === ROLES.radiologi) return ['RAD'];
  return [...stored];
}

/** The date part of the filter: today (default), a range (YYYY-MM-DD, both ends included) or all dates. */
export type DateFilter = { mode: 'today' } | { mode: 'all' } | { mode: 'range'; start: string; end: string };

/** The clinic's calendar day now, as YYYY-MM-DD. */
export function clinicTodayIso(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  }
}

const isoDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const nextDay = (iso: string) => {
  const date = isoDate(iso);
  date.setDate(date.getDate() + 1);
  return date;
};

/**
 * Spec 7: startDate and endDate as D_M_Y, the end one day later (exclusive), default today.
 * "All date" is the last LIST_MAX_DAYS days up to today: one request may cover no more.
 */
export function dateQuery(filter: DateFilter, todayIso: string): { startDate: string; endDate: string } {
  if (filter.mode === 'range')
    return { startDate: toDMY(isoDate(filter.start)), endDate: toDMY(nextDay(filter.end)) };
  if (filter.mode === 'all') {
    const first = isoDate(todayIso);
    first.setDate(first.getDate() - (LIST_MAX_DAYS - 1));
    return { startDate: toDMY(first), endDate: toDMY(nextDay(todayIso)) };
  }
  return { startDate: toDMY(isoDate(todayIso)), endDate: toDMY(nextDay(todayIso)) };
}

/** YYYY-MM-DD → DD/MM/YYYY for display. */
export const displayDate = (iso: string) => iso.split('-').reverse().join('/');
