import type { Locale } from '@klinikita/domain/i18n/locale';

const INTL_LOCALES: Record<Locale, string> = { id: 'id-ID', en: 'en-GB' };

/**
 * One formatter per kind, language and zone: making an Intl.DateTimeFormat costs more than
 * formatting many dates with it (a record draws hundreds of dates, the header clock ticks).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(
  kind: string,
  locale: string,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
) {
  const key = `${kind} ${locale} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** Long date with day and month names in the user's language: 'Minggu, 22 November 2026'. */
export function formatLongDate(date: Date, locale: Locale, timeZone?: string): string {
  const parts = formatter('long', INTL_LOCALES[locale], timeZone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

/** 24-hour clock HH:mm:ss (spec 2.4). */
export function formatClock(date: Date, timeZone?: string): string {
  return formatter('clock', 'en-GB', timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** An instant with its time: '22 Nov 2026 14.35'. */
export function formatDateTime(iso: string, locale: Locale, timeZone?: string): string {
  return formatter('dateTime', INTL_LOCALES[locale], timeZone, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
