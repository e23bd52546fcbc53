import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALES,
  type Locale,
} from '@klinikita/domain/i18n/locale';

const isLocale = (value: string | undefined): value is Locale => LOCALES.includes(value as Locale);

/** The language chosen last time, from the `locale` cookie (spec 9); Indonesian by default. */
export function readLocaleCookie(): Locale {
  const pair = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE);
  const value = pair ? decodeURIComponent(pair[1] ?? '') : undefined;
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Remembers the language for 365 days; the server reads the same cookie for its messages. */
export function writeLocaleCookie(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous, and supported by every browser the clinics use
  document.cookie = `${LOCALE_COOKIE}=${locale}; max-age=${LOCALE_COOKIE_MAX_AGE}; path=/; samesite=lax`;
}
