import type { Executor } from '../../shared/sql.ts';

/** Demo: the lab tests, panels, parameters and ranges (H4). */
export async function seedLabCatalogue(_db: Executor, _corpId: number): Promise<void> {}
