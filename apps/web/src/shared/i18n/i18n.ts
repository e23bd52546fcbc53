import { coreEn } from '@klinikita/domain/i18n/core.en';
import { coreId } from '@klinikita/domain/i18n/core.id';
import type { Locale } from '@klinikita/domain/i18n/locale';
import { webEn } from '@klinikita/domain/i18n/web.en';
import { webId } from '@klinikita/domain/i18n/web.id';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocaleCookie, writeLocaleCookie } from './locale-cookie.ts';

const initial = readLocaleCookie();

export const i18n: I18n = i18next.createInstance();
// the first screen carries only the shell's words; the screens behind the login load the rest
// (loadCatalogue) with their own chunks
i18n.use(initReactI18next).init({
  resources: {
    id: { translation: { ...coreId, web: webId } },
    en: { translation: { ...coreEn, web: webEn } },
  },
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

let catalogue: Promise<void> | null = null;

/** Every section of the catalogue in both languages: loaded once, before any screen behind the login. */
export function loadCatalogue(): Promise<void> {
  catalogue ??= Promise.all([import('@klinikita/domain/i18n/id'), import('@klinikita/domain/i18n/en')]).then(
    ([{ id }, { en }]) => {
      i18n.addResourceBundle('id', 'translation', id, true, true);
      i18n.addResourceBundle('en', 'translation', en, true, true);
    },
    (error) => {
      catalogue = null;
      throw error;
    },
  );
  return catalogue;
}

/**
 * Text of a message that is either a catalogue key (zod messages such as
 * 'validation.usernameRequired') or already a sentence (server messages, spec texts).
 */
export const translateMessage = (message: string): string =>
  i18n.exists(message) ? i18n.t(message) : message;
