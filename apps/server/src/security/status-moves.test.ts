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
import { ensureShift } from '../test/cashier-shift-fixtures.ts';
import { DEMO_ROLE_USERS, userByName } from '../test/staff-fixtures.ts';
import { API, createTestApp, json, type TestContext } from '../test/test-app.ts';
import { ensureCodes, practisesToday } from '../test/visit-fixtures.ts';

/**
 * Every status move × every demo role × a doctor visit and the service visits: the server allows
 * exactly what the permission catalogue says (a lab user moves only its own service's visits, a
 * doctor visit reaches Exam Done only through the signed note, Paid only by paying the bill),
 * and a user of the same corporate's other clinic moves nothing there (issue 13 item 8).
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
/** The demo corporate's clinics with visits of every kind (clinic 12: dokter2's doctor visits). */
const CLINICS = [10, 11, 12];

let ctx: TestContext;
const tokens: Record<string, string> = {};
const perms: Record<string, Set<string>> = {};
const clinicOfUser: Record<string, number> = {};
/** The clinics each user works in (the session's scope, as the login answers it). */
const scopeOfUser: Record<string, number[]> = {};
/** A visit per clinic and kind, moved back to `from` before each try. */
const visits = new Map<string, string>();

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

const statusOf = async (uid: string) =>
  (await ctx.database.db.select().from(registrations).where(eq(registrations.uid, uid)))[0].status;
const setStatus = (uid: string, status: RegistrationStatus) =>
  ctx.database.db.update(registrations).set({ status }).where(eq(registrations.uid, uid));

/** A new patient's doctor visit (not one of the swept ones). */
async function freshDoctorVisit(clinicId: number, doctorId: number, name: string) {
  const patient = await call('POST', '/patients', 'superadmin', {
    clinicId,
    name,
    sex: 'F',
    dob: '01/02/1990',
    nik: `317105010290${String(9000 + visits.size).padStart(4, '0')}`,
  });
  if (patient.statusCode !== 200) throw new Error(patient.body);
  const res = await call('POST', '/registrations/registrations', 'superadmin', {
    clinicId,
    patientId: json(patient).data.uid,
    orderType: 'doctor',
    doctorId,
    payerType: 'self',
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data._id as string;
}

const EMPTY_NOTE = {
  systolic: null,
  diastolic: null,
  pulse: null,
  respiratoryRate: null,
  temperature: null,
  spo2: null,
  weight: null,
  height: null,
  subjective: null,
  objective: null,
  assessment: null,
  plan: null,
  diagnoses: [],
  procedures: [],
  prescription: [],
  orders: [],
  referral: null,
};

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
    const login = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { username: who, password: 'klinikita' },
    });
    if (login.statusCode !== 200) throw new Error(login.body);
    tokens[who] = json(login).data.token;
    scopeOfUser[who] = json(login).data.user.clinics.map((c: { id: number }) => c.id);
    const me = json(await call('GET', '/users', who)).data;
    perms[who] = permissionsOf(me.role.role, accessibleRoutes(me.role.menu.access), {
      doctor: me.DoctorId !== null && me.DoctorId !== undefined,
    });
    const row = await userByName(ctx.database.db, who);
    clinicOfUser[who] = row.clinicId === 11 || row.clinicId === 12 ? 11 : 10;
  }
  // the kasir pays within an open cashier shift (issue 18 §4)
  await ensureShift(ctx.app, tokens.kasir, 10);
  const dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
  const dokter2Id = (await userByName(ctx.database.db, 'dokter2')).doctorId!;
  for (const clinicId of [10, 11]) await practisesToday(ctx.database.db, dokterId, clinicId);
  await practisesToday(ctx.database.db, dokter2Id, 12);
  for (const clinicId of CLINICS)
    for (const kind of KINDS) await visitOf(clinicId, kind, clinicId === 12 ? dokter2Id : dokterId);
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
    // the same corporate's clinics outside the user's scope: every move refused (403 or 404), the
    // visit untouched, whether the body names that clinic or (lying) the user's own
    for (const who of USERS) {
      const others = CLINICS.filter((c) => !scopeOfUser[who].includes(c));
      for (const clinicId of others) {
        for (const kind of KINDS) {
          const uid = visits.get(`${clinicId}:${kind.name}`)!;
          const moved: string[] = [];
          for (const { from, to } of MOVES) {
            for (const named of [clinicId, clinicOfUser[who]]) {
              await setStatus(uid, from);
              const res = await call('PATCH', `/registrations/registrations/${uid}`, who, {
                clinicId: named,
                updateField: { status: to },
              });
              const after = await statusOf(uid);
              if (![403, 404].includes(res.statusCode) || after !== from) {
                moved.push(`${from}→${to}`);
                problems.push(
                  `${who} ${kind.name} at other clinic ${clinicId} (body ${named}) ${from}→${to}: ${res.statusCode} ${after}`,
                );
              }
            }
          }
          table.push(`${who} ${kind.name} @${clinicId} (other clinic): ${moved.join(' ') || '—'}`);
        }
      }
    }
    expect(problems).toEqual([]);
    await expect(`${table.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/status-moves.txt');
  }, 300_000);

  it('Lab and Radiologi cannot take a doctor visit Waiting → Examination → Exam Done → Payment → Paid', async () => {
    const uid = visits.get('11:doctor')!;
    const chain: RegistrationStatus[] = ['Waiting', 'Examination', 'Exam Done', 'Payment', 'Paid'];
    for (const who of ['lab', 'radiologi']) {
      for (let i = 0; i + 1 < chain.length; i++) {
        // each step tried from its own starting point, as if the one before had passed
        await setStatus(uid, chain[i]);
        const res = await call('PATCH', `/registrations/registrations/${uid}`, who, {
          clinicId: 11,
          updateField: { status: chain[i + 1] },
        });
        expect(res.statusCode, `${who} ${chain[i]}→${chain[i + 1]}`).toBe(403);
        expect(await statusOf(uid)).toBe(chain[i]);
      }
    }
  });

  it('a doctor visit reaches Exam Done only by signing the examination, never by a status move', async () => {
    const dokterId = (await userByName(ctx.database.db, 'dokter')).doctorId!;
    const uid = await freshDoctorVisit(10, dokterId, 'Pasien Tanda Tangan');
    expect(
      (
        await call('PATCH', `/registrations/registrations/${uid}`, 'dokter', {
          clinicId: 10,
          updateField: { status: 'Examination' },
        })
      ).statusCode,
    ).toBe(200);
    // nobody, not even the examining doctor or an all-access role, moves it to Exam Done
    for (const who of USERS) {
      const res = await call('PATCH', `/registrations/registrations/${uid}`, who, {
        clinicId: 10,
        updateField: { status: 'Exam Done' },
      });
      expect([403, 404], who).toContain(res.statusCode);
      expect(await statusOf(uid)).toBe('Examination');
    }
    // signing the note moves it on (Exam Done → the cashier, nothing prescribed)
    await ensureCodes(ctx.database.db);
    const opened = json(
      await call('POST', '/consultations/encounters', 'dokter', { registrationId: uid }),
    ).data;
    const saved = json(
      await call('PUT', `/consultations/encounters/${opened.uid}`, 'dokter', {
        ...EMPTY_NOTE,
        diagnoses: [{ code: 'J06.9', title: 'Infeksi saluran pernapasan atas akut', primary: true }],
        version: opened.version,
      }),
    ).data;
    const signed = await call('POST', `/consultations/encounters/${opened.uid}/finish`, 'dokter', {
      version: saved.version,
    });
    expect(signed.statusCode).toBe(200);
    expect(await statusOf(uid)).toBe('Payment');
  });

  it('nobody sets Paid by a status move: a visit is Paid only when its bill is paid (billing)', async () => {
    const uid = visits.get('10:doctor')!;
    const paying = USERS.filter((who) => perms[who].has('payment.take') && scopeOfUser[who].includes(10));
    expect(paying).toEqual(expect.arrayContaining(['kasir']));
    for (const who of ['dokter', 'farmasi', 'lab', 'radiologi']) expect(paying).not.toContain(who);
    for (const who of USERS) {
      await setStatus(uid, 'Payment');
      const res = await call('PATCH', `/registrations/registrations/${uid}`, who, {
        clinicId: 10,
        updateField: { status: 'Paid' },
      });
      expect([403, 404], who).toContain(res.statusCode);
      expect(await statusOf(uid)).toBe('Payment');
    }
    // the cashier pays the bill: the visit is Paid
    const bill = json(await call('GET', `/billing/visits/${uid}/bill`, 'kasir')).data;
    const paid = await call('POST', `/billing/bills/${bill.uid}/payments`, 'kasir', {
      idempotencyKey: '6f1c1d2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
      parts: [{ method: 'TUNAI', amount: bill.outstanding }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await statusOf(uid)).toBe('Paid');
  });

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
