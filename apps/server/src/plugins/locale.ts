import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from '@klinikita/domain/i18n/locale';
import { translate } from '@klinikita/domain/i18n/translate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** Translates an i18n key (or passes a literal spec message through) in the caller's language. */
    t(key: string, params?: Record<string, string | number>): string;
  }
}

/** The caller's language: the `locale` cookie the web app keeps, else Accept-Language, else Indonesian. */
export function requestLocale(request: FastifyRequest): Locale {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (cookie === 'en' || cookie === 'id') return cookie;
  const accept = request.headers['accept-language'] ?? '';
  return /^en\b/i.test(accept.trim()) ? 'en' : DEFAULT_LOCALE;
}

export const localePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest(
    't',
    function (this: FastifyRequest, key: string, params?: Record<string, string | number>) {
      return translate(this.locale, key, params);
    },
  );
  app.addHook('onRequest', async (request) => {
    request.locale = requestLocale(request);
  });
});
