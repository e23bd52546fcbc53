import type { Executor } from '../../shared/sql.ts';

/** Demo: reasons and MCU conclusion categories (H5). */
export async function seedCodeLists(_db: Executor, _corpId: number): Promise<void> {}
