import type { Locale } from '@klinikita/domain/i18n/locale';

const INTL: Record<Locale, string> = { id: 'id-ID', en: 'en-GB' };

/** One formatter per language and zone: making one costs more than formatting many dates. */
const formats = new Map<string, Intl.DateTimeFormat>();
function shortDate(locale: Locale, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL[locale], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone,
    });
    formats.set(key, format);
  }
  return format;
}

/** 'YYYY-MM-DD…' or an ISO instant as a short date: '22 Nov 2026'. A bare day never shifts zone. */
export function formatDate(value: string, locale: Locale, timeZone?: string): string {
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = bare ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return shortDate(locale, bare ? 'UTC' : timeZone).format(date);
}

/** 'Tn. Budi Hartono' */
export const titledName = (p: { title: string | null; name: string }) =>
  p.title ? `${p.title}. ${p.name}` : p.name;

/** Audit actions are dotted ('record.read'); their labels live under keys without dots. */
export const actionKey = (action: string) => action.replace(/\./g, '_');
