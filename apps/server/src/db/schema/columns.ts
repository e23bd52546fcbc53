import { bigint } from 'drizzle-orm/pg-core';

/** Money in whole rupiah (bigint, read as a number): one definition for every schema that keeps money. */
export const money = (name: string) => bigint(name, { mode: 'number' });
