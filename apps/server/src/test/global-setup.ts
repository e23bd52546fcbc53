import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, PGLITE_EXTENSIONS } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { TEST_PASSWORD_COST } from './test-password-cost.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDump: string;
    templateDatabase: string;
    /** base64 key that sealed the template's secrets */
    secretsKey: string;
  }
}

/**
 * Builds one migrated and seeded template; each test file copies it (PGlite: from a data-dir
 * dump, about half a second; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'klinikita-test-'));
  const secretsKey = randomBytes(32);
  project.provide('secretsKey', secretsKey.toString('base64'));
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `klinikita_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = openPostgres(target.toString());
    await prepareDatabase(database, { seedDemo: 'always', secretsKey, demoPasswordCost: TEST_PASSWORD_COST });
    await database.close();
    project.provide('templateDatabase', name);
    project.provide('templateDump', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = await openPglite({ client });
  await prepareDatabase(database, { seedDemo: 'always', secretsKey, demoPasswordCost: TEST_PASSWORD_COST });
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('templateDump', file);
  project.provide('templateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
