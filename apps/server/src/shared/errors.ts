/** An expected failure with its HTTP status and an i18n key (or a spec message written to the letter). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    /** Field errors (path + i18n key) answered beside the message, as schema validation does. */
    readonly fields: { path: string; key: string }[] = [],
  ) {
    super(key);
  }
}

export const unauthenticated = () => new AppError(401, 'api.unauthenticated');
export const forbidden = (key = 'api.forbidden') => new AppError(403, key);
export const notFound = () => new AppError(404, 'api.notFound');
