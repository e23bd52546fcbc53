/**
 * Issue 13 item 10's figure: how long an unrelated `GET users` takes while 40 visit PDFs are asked
 * for at once. Runs against a started server with the demo data:
 *
 *   node --import tsx bench/pdf-stall.ts http://127.0.0.1:3917 [users=dokter] [prints=40]
 *
 * `users` is a comma-separated list of demo logins sharing the prints (a user may print only a few
 * at once; several users make every print a real render). Prints the idle latency of `GET users`,
 * its latency while the PDFs are asked for (median and worst of probes sent one after another until
 * the last PDF answers), and the PDFs' statuses.
 */

import { argv } from 'node:process';

const [base = 'http://127.0.0.1:3000', userList = 'dokter', printsArg = '40'] = argv.slice(2);
const API = `${base}/api/clinic/v1`;
const users = userList.split(',');
const prints = Number(printsArg);

async function login(username: string) {
  const res = await fetch(`${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'klinikita' }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const get = (path: string, token: string) =>
  fetch(`${API}${path}`, { headers: { authorization: `Bearer ${token}` } });

async function timed(path: string, token: string) {
  const started = performance.now();
  const res = await get(path, token);
  await res.arrayBuffer();
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const tokens = await Promise.all(users.map(login));
const probe = tokens[0];
// a visit of the first user's own patients, printed by everyone
const patients = (await (await get('/consultations/patients?mine=true&page=1&limit=20', probe)).json()) as {
  data: { docs: { uid: string }[] };
};
let encounter: string | undefined;
for (const p of patients.data.docs) {
  const visits = (await (
    await get(`/consultations/patients/${p.uid}/encounters?page=1&limit=1`, probe)
  ).json()) as {
    data: { docs: { uid: string }[] };
  };
  encounter = visits.data.docs[0]?.uid;
  if (encounter) break;
}
if (!encounter) throw new Error('no visit to print');

// warm up: the first print starts the PDF thread(s), the first GET fills the session cache
await (await get(`/consultations/encounters/${encounter}/pdf`, probe)).arrayBuffer();
const idle: number[] = [];
for (let i = 0; i < 10; i++) idle.push(await timed('/users', probe));

let done = 0;
const statuses = new Map<number, number>();
const all = Array.from({ length: prints }, (_, i) =>
  get(`/consultations/encounters/${encounter}/pdf`, tokens[i % tokens.length]).then(async (res) => {
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    done++;
  }),
);
const busy: number[] = [];
while (done < prints) busy.push(await timed('/users', probe));
await Promise.all(all);

const ms = (n: number) => `${n.toFixed(0)} ms`;
console.log(
  JSON.stringify({
    prints,
    users: users.length,
    idleMedian: ms(median(idle)),
    busyMedian: ms(median(busy)),
    busyWorst: ms(Math.max(...busy)),
    probes: busy.length,
    statuses: Object.fromEntries(statuses),
  }),
);
