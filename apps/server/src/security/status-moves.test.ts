import { accessibleRoutes } from '@klinikita/domain/access/menu';
import { mayMoveVisit, permissionsOf } from '@klinikita/domain/access/permissions';
import { translate } from '@klinikita/domain/i18n/translate';
import {
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  STATUS_MOVES,
} from '@klinikita/domain/registrations/registration.rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../db/schema/index.ts';
import { DEMO_ROLE_USERS, userByName } from '../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../test/test-app.ts';
import { practisesToday } from '../test/visit-fixtures.ts';

/**
 * Every status move × every demo role × a doctor visit and the service visits: the server allows
 * exactly what the permission catalogue says (a lab user moves only its own service's visits, a
 * doctor visit reaches Exam Done only through the signed note, Paid only by who takes payments).
 * The table of who may make which move is kept as a reviewed file.
 */

const USERS = DEMO_ROLE_USERS;
const KINDS = [
  { name: 'doctor', orderType: 'doctor', serviceType: null },
  { name: 'LAB', orderType: 'service', serviceType: 'LAB' },
  { name: 'RAD', orderType: 'service', serviceType: 'RAD' },
  { name: 'PHYSIO', orderType: 'service', serviceType: 'PHYSIO' },
] as const;
const MOVES = REGISTRATION_STATUSES.flatMap((from) => STATUS_MOVES[from].map((to) => ({ from, to })));

let ctx: TestContext;
const tokens: Record<string, string> = {};
const perms: Record<string, Set<string>> = {};
const clinicOfUser: Record<string, number> = {};
/** A visit per clinic and kind, moved back to `from` before each try. */
const visits = new Map<string, string>();

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

async function visitOf(clinicId: number, kind: (typeof KINDS)[number], doctorId: number) {
  const key = `${clinicId}:${kind.name}`;
  const known = visits.get(key);
  if (known) return known;
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name: `Pasien Gerak ${key}`,
    sex: 'M',
    dob: '01/02/1990',
    nik: `317105010290${String(visits.size + 1).padStart(4, '0')}`,
    phone: '081211112222',
  });
  if (patient.statusCode !== 200) throw new Error(patient.body);
  const res = await call('POST', '/registrations/registrations', 'superadmin', {
    clinicId,
    patientId: json(patient).data.uid,
    orderType: kind.orderType,
    ...(kind.serviceType ? { serviceType: kind.serviceType } : { doctorId }),
    payerType: 'self',
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const uid = json(res).data._id as string;
  visits.set(key, uid);
  return uid;
}

beforeAll(async () => {
  ctx = await createTestApp();
  for (const who of USERS) {
    tokens[who] = await loginAs(ctx.app, who);
    const me = json(await call('GET', '/users', who)).data;
    perms[who] = permissionsOf(me.role.role, accessibleRoutes(me.role.menu.access), {
      doctor: me.DoctorId !== null && me.DoctorId !== undefined,
    });
    const row = await userByName(ctx.database.db, who);
    clinicOfUser[who] = row.clinicId === 11 || row.clinicId === 12 ? 11 : 10;
  }
  const dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  for (const clinicId of [10, 11]) await practisesToday(ctx.database.db, dokterId, clinicId);
  for (const clinicId of [10, 11]) for (const kind of KINDS) await visitOf(clinicId, kind, dokterId);
}, 120_000);
afterAll(() => ctx?.close());

describe('status moves by role', () => {
  it('the server allows exactly the moves the catalogue grants, for every role and kind of visit', async () => {
    const table: string[] = [];
    const problems: string[] = [];
    const refused = translate('id', 'registrations.moveForbidden', { queueNumber: 'X', to: 'Y' }).split(
      ' X ',
    )[0];
    for (const who of USERS) {
      const clinicId = clinicOfUser[who];
      for (const kind of KINDS) {
        const uid = visits.get(`${clinicId}:${kind.name}`)!;
        const allowed: string[] = [];
        for (const { from, to } of MOVES) {
          await ctx.database.db
            .update(registrations)
            .set({ status: from as RegistrationStatus })
            .where(eq(registrations.uid, uid));
          const res = await call('PATCH', `/registrations/registrations/${uid}`, who, {
            clinicId,
            updateField: { status: to },
          });
          const expected = perms[who].has('queue.read') && mayMoveVisit(perms[who] as never, kind, from, to);
          if (res.statusCode === 200) allowed.push(`${from}→${to}`);
          if (expected && res.statusCode !== 200)
            problems.push(`${who} ${kind.name} ${from}→${to}: ${res.statusCode} ${res.body}`);
          if (!expected) {
            const message = res.statusCode === 403 ? String(json(res).message) : '';
            if (res.statusCode !== 403) problems.push(`${who} ${kind.name} ${from}→${to}: ${res.statusCode}`);
            else if (perms[who].has('queue.read') && !message.startsWith(refused))
              problems.push(`${who} ${kind.name} ${from}→${to}: 403 ${message}`);
          }
        }
        table.push(`${who} ${kind.name}: ${allowed.join(' ') || '—'}`);
      }
    }
    expect(problems).toEqual([]);
    await expect(`${table.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/status-moves.txt');
  }, 300_000);

  it('a lab user cannot take a doctor visit to Paid', async () => {
    const uid = visits.get('11:doctor')!;
    await ctx.database.db.update(registrations).set({ status: 'Payment' }).where(eq(registrations.uid, uid));
    const lab = await call('PATCH', `/registrations/registrations/${uid}`, 'lab', {
      clinicId: 11,
      updateField: { status: 'Paid' },
    });
    expect(lab.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(registrations).where(eq(registrations.uid, uid));
    expect(row.status).toBe('Payment');
  });

  it('a lab user records the sampling step only on its own service’s visits', async () => {
    const lab = visits.get('11:LAB')!;
    const rad = visits.get('11:RAD')!;
    const flag = (uid: string) =>
      call('PATCH', `/registrations/registrations/${uid}`, 'lab', {
        clinicId: 11,
        updateField: { flaggingSamplingDone: true },
      });
    expect((await flag(lab)).statusCode).toBe(200);
    const refusedRad = await flag(rad);
    expect(refusedRad.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(registrations).where(eq(registrations.uid, rad));
    expect(row.samplingDone).toBe(false);
  });
});
