import type { Locale } from '@klinikita/domain/i18n/locale';

const INTL: Record<Locale, string> = { id: 'id-ID', en: 'en-GB' };

/** A calendar day 'YYYY-MM-DD' (or an instant) as '22 Nov 2026'. */
export function shortDate(value: string, locale: Locale): string {
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(INTL[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: bare ? 'UTC' : undefined,
  }).format(bare ? new Date(`${value}T00:00:00Z`) : new Date(value));
}

/** A calendar day with its weekday: 'Selasa, 24 November 2026'. */
export function longDate(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

export const titledName = (p: { title: string | null; name: string }) =>
  p.title ? `${p.title}. ${p.name}` : p.name;
