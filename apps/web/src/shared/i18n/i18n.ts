import { en } from '@klinikita/domain/i18n/en';
import { id } from '@klinikita/domain/i18n/id';
import type { Locale } from '@klinikita/domain/i18n/locale';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocaleCookie, writeLocaleCookie } from './locale-cookie.ts';

const initial = readLocaleCookie();

export const i18n: I18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  resources: { id: { translation: id }, en: { translation: en } },
  lng: initial,
  fallbackLng: 'id',
  supportedLngs: ['id', 'en'],
  interpolation: { escapeValue: false },
  // server messages are sentences that may hold ':'; keys never name a namespace
  nsSeparator: false,
  initAsync: false,
});
applyDocumentLocale(initial);

function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
}

export const currentLocale = (): Locale => (i18n.language === 'en' ? 'en' : 'id');

/** Switches the language now and remembers it in the `locale` cookie. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeLocaleCookie(locale);
  applyDocumentLocale(locale);
  await i18n.changeLanguage(locale);
}

/**
 * Text of a message that is either a catalogue key (zod messages such as
 * 'validation.usernameRequired') or already a sentence (server messages, spec texts).
 */
export const translateMessage = (message: string): string =>
  i18n.exists(message) ? i18n.t(message) : message;
