import pg from 'pg';

/** The bench database: `BENCH_DATABASE_URL`, else `klinikita_bench` on the server of `DATABASE_URL`. */
export function benchDatabaseUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(base);
  url.pathname = '/klinikita_bench';
  return url.toString();
}

/** Creates the bench database when missing (or afresh with `fresh`). */
export async function ensureBenchDatabase(url: string, fresh: boolean): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`unexpected bench database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** A one-line progress bar on a terminal, plain lines elsewhere. */
export function progress(label: string, total: number) {
  const started = Date.now();
  let last = -1;
  return {
    tick(done: number) {
      const pct = Math.floor((done / total) * 100);
      if (pct === last) return;
      last = pct;
      const width = 30;
      const filled = Math.round((pct / 100) * width);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
      const line = `${label.padEnd(24)} ${bar} ${String(pct).padStart(3)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')}`;
      if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
      else if (pct % 25 === 0) console.log(line);
    },
    done() {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (process.stdout.isTTY) process.stdout.write('\n');
      console.log(`${label.padEnd(24)} done in ${seconds} s`);
    },
  };
}
