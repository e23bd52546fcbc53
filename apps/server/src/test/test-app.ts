import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../app.ts';
import { type Database, openPglite, openPostgres, PGLITE_EXTENSIONS } from '../db/client.ts';
import {
  type SatusehatSimulator,
  startSimulator,
} from '../integrations/satusehat/simulator/simulator.server.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** This app's own uploads folder (removed on close) */
  uploadsDir: string;
  /** This app's own SATUSEHAT simulator (fault injection, request log) */
  simulator: SatusehatSimulator;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh copy of the seeded template database and the app on top of it. */
export async function createTestApp(
  options: {
    sessionTtlMs?: number;
    rateLimits?: AppOptions['rateLimits'];
    /** The SATUSEHAT delivery worker: off unless a test asks for it (it would send every finished visit) */
    satusehatDelivery?: AppOptions['satusehatDelivery'];
  } = {},
): Promise<TestContext> {
  const templateDatabase = inject('templateDatabase');
  let database: Database;
  let drop = async () => {};
  if (templateDatabase) {
    const url = process.env.DATABASE_URL!;
    const name = `klinikita_t_${process.pid}_${Date.now()}_${counter++}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    database = openPostgres(target.toString());
    drop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const dump = readFileSync(inject('templateDump'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
    database = await openPglite({ client });
  }
  const simulator = await startSimulator();
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'klinikita-uploads-'));
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    logLevel: 'silent',
    sessionTtlMs: options.sessionTtlMs,
    rateLimits: options.rateLimits,
    satusehatDelivery: options.satusehatDelivery ?? false,
    uploadsDir,
    satusehat: {
      secretsKey: Buffer.from(inject('secretsKey'), 'base64'),
      simulatorUrl: simulator.url,
      client: { retry: { baseDelayMs: 5, maxDelayMs: 100 } },
    },
  });
  await app.ready();
  return {
    app,
    database,
    uploadsDir,
    simulator,
    async close() {
      await app.close();
      await simulator.close();
      await database.close();
      await drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export const API = '/api/clinic/v1';

/** Logs a demo user in through the API and returns the token. */
export async function loginAs(
  app: FastifyInstance,
  username: string,
  password = 'klinikita',
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

export const json = (res: LightMyRequestResponse) =>
  res.json() as {
    status: boolean;
    message: string;
    data?: any;
    errors?: { path: string; message: string }[];
  };
