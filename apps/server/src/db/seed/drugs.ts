import { count, eq } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import { drugs } from '../schema/index.ts';
import { DEMO_DRUGS } from './drugs.data.ts';

/** The demo corporate's drug master, only when it has none yet. */
export async function seedDemoDrugs(db: Executor, corpId: number): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(drugs).where(eq(drugs.corpId, corpId));
  if (n > 0) return;
  await db.insert(drugs).values(
    DEMO_DRUGS.map((d) => ({
      uid: newUid(),
      corpId,
      name: d.name,
      genericName: d.genericName,
      form: d.form,
      strength: d.strength,
      unit: d.unit,
      price: d.price,
      active: d.active ?? true,
    })),
  );
}
