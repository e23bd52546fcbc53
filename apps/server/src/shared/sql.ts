import type { Db } from '../db/client.ts';

/** A transaction handle; queries that run inside and outside one take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Search text matched literally by ILIKE: `%`, `_` and `\` lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** A unique index refused the write (PostgreSQL 23505), whether or not the driver wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The paged list envelope of spec 3: docs, page, totalPages, limit (and totalDocs). */
export function pageOf<T>(docs: T[], total: number, q: { page: number; limit: number }) {
  return {
    docs,
    page: q.page,
    limit: q.limit,
    totalDocs: total,
    totalPages: Math.max(1, Math.ceil(total / q.limit)),
  };
}
