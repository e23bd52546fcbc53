import { eq } from 'drizzle-orm';
import type { ScryptCost } from '../shared/crypto.ts';
import type { Database } from './client.ts';
import { users } from './schema/index.ts';
import { loadMedicalCodes } from './seed/codes.ts';
import { isDatabaseEmpty, seedDemo } from './seed/demo.ts';
import { seedDemoRecords } from './seed/encounters.ts';
import { seedDemoLabResults } from './seed/lab-results.ts';
import { seedDemoLabSpecimens } from './seed/lab-specimens.ts';
import { syncMenuCatalogue } from './seed/menus.ts';
import { seedDemoPhysioTreatment } from './seed/physio-treatment.ts';
import { seedDemoRadiology } from './seed/radiology.ts';
import { seedDemoDay } from './seed/registrations.ts';

/**
 * When the demo clinic (with its well-known logins `superadmin`/`klinikita`) goes into an empty
 * database: `auto` only into the embedded one (PGlite, a try-out on one machine), so a production
 * PostgreSQL server never starts with it; `always` into either (tests, e2e, bench); `never` none.
 */
export type SeedDemo = 'auto' | 'always' | 'never';

export function wantsDemo(seedDemo: SeedDemo, kind: Database['kind']): boolean {
  return seedDemo === 'always' || (seedDemo === 'auto' && kind === 'pglite');
}

/**
 * Migrations, the menu catalogue and, on an empty database where `seedDemo` wants it, the demo
 * clinic (its SATUSEHAT client secrets are sealed with `secretsKey`).
 */
export async function prepareDatabase(
  database: Database,
  options: {
    seedDemo: SeedDemo;
    secretsKey: Buffer;
    /** The demo users' password cost: the test suites' templates only (crypto.ts, hashPassword) */
    demoPasswordCost?: ScryptCost;
  },
) {
  await database.migrate();
  await loadMedicalCodes(database.db);
  await syncMenuCatalogue(database.db);
  const empty = await isDatabaseEmpty(database.db);
  const seeded = empty && wantsDemo(options.seedDemo, database.kind);
  if (seeded) await seedDemo(database.db, options.secretsKey, options.demoPasswordCost);
  const [demoUser] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.demo, true))
    .limit(1);
  // a demo opens on a living clinic: today's queue, whatever day it is started
  if (demoUser) {
    await seedDemoDay(database.db);
    await seedDemoRecords(database.db);
    await seedDemoLabResults(database.db);
    await seedDemoLabSpecimens(database.db);
    await seedDemoPhysioTreatment(database.db);
    await seedDemoRadiology(database.db);
  }
  return { seeded, demo: Boolean(demoUser), empty: empty && !seeded };
}
