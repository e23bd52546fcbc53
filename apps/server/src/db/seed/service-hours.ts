import type { Executor } from '../../shared/sql.ts';

/** Demo: service desks' opening hours and capacity (H3). */
export async function seedServiceHours(_db: Executor, _corpId: number): Promise<void> {}
