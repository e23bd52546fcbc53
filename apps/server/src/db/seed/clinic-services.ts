import type { Executor } from '../../shared/sql.ts';

/** Demo: which services each demo clinic offers and where they are performed (H2). */
export async function seedClinicServices(_db: Executor, _corpId: number): Promise<void> {}
