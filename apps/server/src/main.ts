import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { seedDemoCashierShift } from './db/seed/cashier-shifts.ts';
import { DEMO_PASSWORD, DEMO_USERNAMES } from './db/seed/demo.ts';
import { seedDemoYesterday } from './db/seed/encounters.ts';
import { seedDemoPayerInvoices } from './db/seed/payer-invoices.ts';
import { seedDemoPurchasing } from './db/seed/purchasing.ts';
import { seedDemoStock } from './db/seed/stock.ts';
import { loadEnv } from './env.ts';
import { anyClinicUsesSimulator } from './integrations/satusehat/satusehat.settings.ts';
import { onboardDemoSatusehat } from './integrations/satusehat/satusehat-demo.ts';
import { simulatorPopulation } from './integrations/satusehat/satusehat-identities.service.ts';
import { loadSecretsKey } from './integrations/satusehat/secret-box.ts';
import { wellFormedCitizen } from './integrations/satusehat/simulator/simulator.population.ts';
import { startSimulator } from './integrations/satusehat/simulator/simulator.server.ts';
import { seedDemoBills } from './modules/billing/billing-demo.ts';
import { seedDemoMcu } from './modules/mcu/mcu-demo.ts';
import { seedDemoPrescriptions } from './modules/pharmacy/pharmacy-demo.ts';

const started = performance.now();
const env = loadEnv();
const database = await openDatabase(env);
const secretsKey = loadSecretsKey(env);
const { seeded, demo, empty } = await prepareDatabase(database, { seedDemo: env.SEED_DEMO, secretsKey });
// the demo's stock (issue 17): at the demo's start only, not in the tests' template database, whose
// stock tests make their own locations at Menteng
if (demo) {
  await seedDemoStock(database.db);
  // suppliers and purchase orders at Menteng, one half received into its warehouse (after the stock)
  await seedDemoPurchasing(database.db);
  // today's prescriptions at Menteng in every state of the pharmacy queue (after the stock)
  await seedDemoPrescriptions(database.db);
  // a month of two partner companies' paid visits at Menteng, one company's invoice sent and partly paid
  await seedDemoPayerInvoices(database.db);
  // the kasir's shift at Menteng open with a float of Rp 500.000 (when none is open)
  await seedDemoCashierShift(database.db);
  // today's bills at Menteng in every state: draft, posted, paid, split, reversed, discount awaiting
  await seedDemoBills(database.db);
  // yesterday's signed visits at Menteng (once): the day the SATUSEHAT sync screen shows sent
  await seedDemoYesterday(database.db);
  // PT Maju Bersama Logistik's MCU events (once): Cikarang today in every state, Surabaya approved and invoiced
  await seedDemoMcu(database.db);
}
// the SATUSEHAT simulator runs in-process on loopback while some clinic is set to use it (the demo is)
// it knows the patients at start by their NIK (or mother's NIK), as the platform knows every citizen;
// none when SATUSEHAT_SIMULATOR_URL names one already running (the reliability suite's, outliving servers)
const simulator =
  !env.SATUSEHAT_SIMULATOR_URL && (await anyClinicUsesSimulator(database.db))
    ? await startSimulator({
        population: await simulatorPopulation(database.db),
        // what it was sent stays across restarts, as at the platform (a dispense references yesterday's Encounter)
        journal: `${env.DATA_DIR}/satusehat-simulator.jsonl`,
        // and, as the platform knows every citizen, anyone registered later under a well-formed NIK
        citizen: (nik) => wellFormedCitizen(nik),
      })
    : null;
const app = await buildApp({
  db: database.db,
  listen: database.listen,
  sessionTtlMs: env.SESSION_TTL_HOURS * 3600 * 1000,
  sessionMaxAgeMs: env.SESSION_MAX_AGE_HOURS * 3600 * 1000,
  sessionCacheMs: env.SESSION_CACHE_MS,
  cookieSecure: env.COOKIE_SECURE,
  logLevel: env.LOG_LEVEL,
  trustProxy: env.TRUST_PROXY,
  rateLimits: env.RATE_LIMITS ? {} : false,
  eventStreamsPerSession: env.EVENT_STREAMS_PER_SESSION,
  uploadsDir: `${env.DATA_DIR}/uploads`,
  satusehat: { secretsKey, simulatorUrl: env.SATUSEHAT_SIMULATOR_URL ?? simulator?.url },
  satusehatDelivery: { leaseMs: env.SATUSEHAT_DELIVERY_LEASE_MS },
  eventConsumers: env.EVENT_CONSUMERS,
});
await app.listen({ port: env.PORT, host: env.HOST });
// the demo clinics onboarded to the simulator: rooms as Locations, Menteng's signed visits queued
if (demo && simulator)
  await onboardDemoSatusehat(database.db, { secretsKey, simulatorUrl: simulator.url }, app.log);

const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`;
const lines = [
  '',
  `  Klinikita is running at http://${shown}:${env.PORT}`,
  `  Database: ${where}${seeded ? ' — demo data seeded' : ''}`,
  `  API docs: http://${shown}:${env.PORT}/api/docs`,
  `  Started in ${Math.round(performance.now() - started)} ms`,
];
if (empty) lines.push('  The database is empty: SEED_DEMO=always seeds the demo clinic into it');
if (!env.RATE_LIMITS) lines.push('  Rate limits: off (RATE_LIMITS=off)');
if (simulator) lines.push(`  SATUSEHAT simulator: ${simulator.url}`);
if (env.SATUSEHAT_SIMULATOR_URL)
  lines.push(`  SATUSEHAT simulator (external): ${env.SATUSEHAT_SIMULATOR_URL}`);
if (demo) lines.push(`  Demo logins (password "${DEMO_PASSWORD}"): ${DEMO_USERNAMES.join(', ')}`);
console.log(`${lines.join('\n')}\n`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await simulator?.close();
    await database.close();
    process.exit(0);
  });
}
