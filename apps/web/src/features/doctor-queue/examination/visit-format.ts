import type { Encounter } from '@klinikita/domain/consultations/encounter.schema';

const intlLocale = (locale: string) => (locale === 'en' ? 'en-GB' : 'id-ID');

/** A visit day (YYYY-MM-DD) as '12 Mar 2026'. */
export function formatDay(isoDay: string, locale: string): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  if (!y || !m || !d) return isoDay;
  return new Date(y, m - 1, d).toLocaleDateString(intlLocale(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** A timestamp as '12 Mar 2026 10.32' in the clinic's time zone. */
export function formatMoment(iso: string, locale: string, timeZone?: string): string {
  return new Date(iso).toLocaleString(intlLocale(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
}

/** A number as the user's language writes it (36,8 in Indonesian). */
export const formatNumber = (value: number | null, locale: string) =>
  value == null ? '–' : value.toLocaleString(intlLocale(locale));

export const primaryDiagnosis = (e: Pick<Encounter, 'diagnoses'>) =>
  e.diagnoses.find((d) => d.primary) ?? e.diagnoses[0] ?? null;
