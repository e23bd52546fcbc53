import { and, asc, eq, isNull, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients, registrations } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { populationIhs } from './simulator/simulator.population.ts';

/** `POST /patients/:uid/ihs-check` ("Periksa ulang IHS"): the IHS number looked up again by NIK. */

const KNOWN_NIK = '3171061203889701';
const UNKNOWN_NIK = '3171061203889702';
const RIGHT_IHS = populationIhs(`nik|${KNOWN_NIK}`);
/** The right number with two digits swapped, as an old system's import left it */
const MISTYPED_IHS = `${RIGHT_IHS.slice(0, 5)}${RIGHT_IHS[6]}${RIGHT_IHS[5]}${RIGHT_IHS.slice(7)}`;

let t: TestContext;
const tokens: Record<string, string> = {};
let patient: { id: number; uid: string };
let stranger: { id: number; uid: string };

beforeAll(async () => {
  t = await createTestApp();
  await addForeignCorporate(t.database.db);
  await grantMenus(t.database.db, (await userByName(t.database.db, 'adminlain')).roleId, ['masterPatient']);
  for (const u of ['pendaftaran', 'kasir']) tokens[u] = await loginAs(t.app, u);
  tokens.adminlain = await loginAs(t.app, 'adminlain', 'rahasia123');
  t.simulator.populate([{ nik: KNOWN_NIK, name: 'Budi Santoso', sex: 'M', birthDate: '1988-03-12' }]);
  const mentengPatients = await t.database.db
    .select({ id: patients.id, uid: patients.uid })
    .from(patients)
    .where(and(eq(patients.clinicId, 10), isNull(patients.deletedAt)))
    .orderBy(asc(patients.id))
    .limit(1);
  patient = mentengPatients[0];
  // a patient of Cikarang never seen at Menteng: outside the Menteng front office's change scope
  const [other] = await t.database.db
    .select({ id: patients.id, uid: patients.uid })
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, 11),
        notExists(
          t.database.db
            .select({ id: registrations.id })
            .from(registrations)
            .where(and(eq(registrations.patientId, patients.id), eq(registrations.clinicId, 10))),
        ),
      ),
    )
    .limit(1);
  stranger = other;
});
afterAll(() => t.close());

const check = (uid: string, who: string) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/patients/${uid}/ihs-check`,
    headers: { authorization: tokens[who] },
  });
const setPatient = (values: { nik: string | null; ihsNumber: string | null }) =>
  t.database.db
    .update(patients)
    .set({ ...values, motherNik: null, ihsMissingReason: null, ihsCheckedAt: null })
    .where(eq(patients.id, patient.id));
const stored = async () =>
  (await t.database.db.select().from(patients).where(eq(patients.id, patient.id)))[0];

describe('POST /patients/:uid/ihs-check', () => {
  it('replaces a stored wrong IHS number with the platform’s, and says so', async () => {
    await setPatient({ nik: KNOWN_NIK, ihsNumber: MISTYPED_IHS });
    const res = await check(patient.uid, 'pendaftaran');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      ihsNumber: RIGHT_IHS,
      ihsMissingReason: null,
      previous: MISTYPED_IHS,
      ihsCheckedAt: expect.any(String),
    });
    expect(json(res).message).toBe(
      `Nomor IHS diperbaiki dari SATUSEHAT: ${MISTYPED_IHS} menjadi ${RIGHT_IHS}`,
    );
    expect((await stored()).ihsNumber).toBe(RIGHT_IHS);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'satusehat.patient-ihs-check'), eq(auditLog.patientId, patient.id)));
    expect(audit.detail).toMatchObject({ before: MISTYPED_IHS, after: RIGHT_IHS, reason: null });

    // checked again: the platform confirms it
    const again = await check(patient.uid, 'pendaftaran');
    expect(json(again).data).toMatchObject({ ihsNumber: RIGHT_IHS, previous: null });
    expect(json(again).message).toBe(`Nomor IHS ${RIGHT_IHS} sesuai dengan SATUSEHAT`);
  });

  it('clears a stored number whose NIK the platform does not know, answering the reason', async () => {
    await setPatient({ nik: UNKNOWN_NIK, ihsNumber: MISTYPED_IHS });
    const res = await check(patient.uid, 'pendaftaran');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      ihsNumber: null,
      ihsMissingReason: 'patientNotFound',
      previous: MISTYPED_IHS,
    });
    expect(json(res).message).toBe('NIK pasien tidak dikenal SATUSEHAT; periksa NIK');
    expect(await stored()).toMatchObject({ ihsNumber: null, ihsMissingReason: 'patientNotFound' });
  });

  it('answers why for a patient without a NIK, leaving what is stored', async () => {
    await setPatient({ nik: null, ihsNumber: null });
    const res = await check(patient.uid, 'pendaftaran');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      ihsNumber: null,
      ihsMissingReason: 'patientNoNik',
      previous: null,
    });
    expect(json(res).message).toMatch(/^Pasien tidak punya NIK/);

    await setPatient({ nik: null, ihsNumber: RIGHT_IHS });
    const kept = await check(patient.uid, 'pendaftaran');
    expect(json(kept).message).toMatch(/^Pasien tidak punya NIK/);
    expect((await stored()).ihsNumber).toBe(RIGHT_IHS);
  });

  it('is refused outside the patient master’s change scope, to another corporate and without patient.write', async () => {
    expect(stranger).toBeDefined();
    const outside = await check(stranger.uid, 'pendaftaran');
    expect(outside.statusCode).toBe(403);
    expect(json(outside).message).toMatch(/klinik/i);
    expect((await check(patient.uid, 'adminlain')).statusCode).toBe(403);
    expect((await check(patient.uid, 'kasir')).statusCode).toBe(403);
    expect((await check('00000000-0000-4000-8000-000000000000', 'pendaftaran')).statusCode).toBe(404);
  });
});
