import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { encounters, prescriptions } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../test/test-app.ts';
import type { inventoryKit } from '../../inventory/test/inventory-kit.ts';

/** The pharmacy tests' prescriptions: a visit at clinic 10 examined by dokter, signed with lines. */

export const NOTE = {
  ...Object.fromEntries(
    ['systolic', 'diastolic', 'pulse', 'respiratoryRate', 'temperature', 'spo2', 'weight', 'height'].map(
      (k) => [k, null],
    ),
  ),
  subjective: 'Demam',
  objective: null,
  assessment: null,
  plan: null,
  diagnoses: [{ code: 'J06.9', title: 'ISPA', primary: true }],
  procedures: [],
  orders: [],
  referral: null,
};

/** A drug line of the master drug `drugId` (tablets, oral, 3x sehari). */
export const drugLine = (drugId: string, name: string, quantity: number, over: object = {}) => ({
  kind: 'drug',
  drugId,
  name,
  dose: '1 tablet',
  frequency: '3x sehari',
  route: 'oral',
  durationDays: 3,
  quantity,
  unit: 'tablet',
  instructions: 'Sesudah makan',
  ...over,
});

/** A racikan of `packets` puyer from ingredients { drugId, name, amount } (amount per packet). */
export const racikanLine = (
  packets: number,
  ingredients: { drugId: string | null; name: string; amount: string }[],
) => ({
  kind: 'compound',
  drugId: null,
  name: 'Racikan batuk anak',
  dose: '1 bungkus',
  frequency: '3x sehari',
  route: 'oral',
  durationDays: 3,
  quantity: packets,
  unit: 'bungkus',
  instructions: 'Sesudah makan',
  ingredients,
  compoundForm: 'puyer',
});

export function pharmacyKit(ctx: TestContext, kit: ReturnType<typeof inventoryKit>, dokterId: number) {
  let serial = 0;
  const base = 5000 + Math.floor(Math.random() * 4000);
  return {
    /** A signed visit whose note prescribes `lines`; answers the prescription's and visit's uids. */
    async prescribe(lines: object[], patient: object = {}) {
      const n = base + ++serial;
      const created = await kit.must(
        'POST',
        '/patients',
        {
          clinicId: 10,
          name: `Pasien Etiket ${n}`,
          sex: 'M',
          dob: '12/08/1979',
          nik: `317106120879${String(n).padStart(4, '0')}`,
          ...patient,
        },
        'superadmin',
      );
      const visit = await kit.must(
        'POST',
        '/registrations/registrations',
        { clinicId: 10, patientId: created.uid, orderType: 'doctor', doctorId: dokterId, payerType: 'self' },
        'pendaftaran',
      );
      const call = kit.call as (m: string, u: string, w: string, p?: object) => ReturnType<typeof kit.call>;
      const moved = await call('PATCH', `/registrations/registrations/${visit._id}`, 'dokter', {
        clinicId: 10,
        updateField: { status: 'Examination' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const opened = await kit.must(
        'POST',
        '/consultations/encounters',
        { registrationId: visit._id },
        'dokter',
      );
      const saved = await kit.must(
        'PUT',
        `/consultations/encounters/${opened.uid}`,
        { ...NOTE, prescription: lines, version: opened.version },
        'dokter',
      );
      await kit.must(
        'POST',
        `/consultations/encounters/${opened.uid}/finish`,
        { version: saved.version },
        'dokter',
      );
      const [row] = await ctx.database.db
        .select({ uid: prescriptions.uid })
        .from(prescriptions)
        .innerJoin(encounters, eq(encounters.id, prescriptions.encounterId))
        .where(eq(encounters.uid, opened.uid));
      return {
        uid: row.uid,
        registration: visit._id as string,
        queueNumber: visit.queueNumber as string,
        encounter: opened.uid as string,
        mrn: created.mrn as string,
      };
    },
  };
}
