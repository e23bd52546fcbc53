import type { Executor } from '../../shared/sql.ts';

/** Demo: the demo chain's service master and tariffs (H1). */
export async function seedServiceTariffs(_db: Executor, _corpId: number): Promise<void> {}
