import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { users } from './schema/index.ts';
import { loadMedicalCodes } from './seed/codes.ts';
import { isDatabaseEmpty, seedDemo } from './seed/demo.ts';
import { seedDemoRecords } from './seed/encounters.ts';
import { syncMenuCatalogue } from './seed/menus.ts';
import { seedDemoDay } from './seed/registrations.ts';

/**
 * Migrations, the menu catalogue and, on an empty database, the demo clinic (its SATUSEHAT
 * client secrets are sealed with `secretsKey`).
 */
export async function prepareDatabase(
  database: Database,
  options: { seedDemo: boolean; secretsKey: Buffer },
) {
  await database.migrate();
  await loadMedicalCodes(database.db);
  await syncMenuCatalogue(database.db);
  let seeded = false;
  if (options.seedDemo && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, options.secretsKey);
    seeded = true;
  }
  const [demoUser] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.demo, true))
    .limit(1);
  // a demo opens on a living clinic: today's queue, whatever day it is started
  if (demoUser) {
    await seedDemoDay(database.db);
    await seedDemoRecords(database.db);
  }
  return { seeded, demo: Boolean(demoUser) };
}
