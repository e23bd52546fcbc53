import type { TFunction } from 'i18next';

/** Minutes with at most one decimal, in the screen's language ("22,5 mnt"); a dash when none. */
export function formatMinutes(t: TFunction, value: number | null, locale: string): string {
  if (value === null) return t('turnaround.screen.empty');
  const text = value.toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID', { maximumFractionDigits: 1 });
  return t('turnaround.screen.minutes', { value: text });
}

export function formatPercent(value: number | null, locale: string): string {
  if (value === null) return '–';
  return `${value.toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID', { maximumFractionDigits: 1 })}%`;
}

/** Green at or above 80% within the standard, yellow from 50%, red below. */
export const percentColor = (value: number) => (value >= 80 ? 'teal' : value >= 50 ? 'yellow' : 'red');
