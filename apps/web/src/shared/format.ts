import type { Locale } from '@klinikita/domain/i18n/locale';

const INTL_LOCALES: Record<Locale, string> = { id: 'id-ID', en: 'en-GB' };

/** Long date with day and month names in the user's language: 'Minggu, 22 November 2026'. */
export function formatLongDate(date: Date, locale: Locale, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

/** 24-hour clock HH:mm:ss (spec 2.4). */
export function formatClock(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(date);
}

/** An instant with its time: '22 Nov 2026 14.35'. */
export function formatDateTime(iso: string, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}
