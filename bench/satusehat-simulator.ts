/**
 * The bundled SATUSEHAT simulator in a process of its own, for `bench/satusehat.ts`: the server's
 * memory and CPU are then measured without the platform's. Argument: a JSON file of the
 * population (the citizens it knows). Prints `READY <url>` once listening; SIGTERM stops it.
 */
import { readFileSync } from 'node:fs';
import { startSimulator } from '../apps/server/src/integrations/satusehat/simulator/simulator.server.ts';

const population = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const simulator = await startSimulator({ population });
process.stdout.write(`READY ${simulator.url}\n`);
process.on('SIGTERM', () => {
  void simulator.close().then(() => process.exit(0));
});
