import type { Db } from '../db/client.ts';
import { patients, registrations } from '../db/schema/index.ts';
import { newUid } from '../shared/crypto.ts';

let seq = 900;

/**
 * Visits booked straight into the queue of a given day (the API books only today): `n` visits to
 * a doctor or a desk at a clinic, with the status given (a cancelled visit is no booking).
 */
export async function book(
  db: Db,
  v: {
    clinicId: number;
    day: string;
    doctorId?: number;
    serviceType?: 'LAB' | 'RAD' | 'MCU' | 'TREATMENT' | 'PHYSIO';
    n?: number;
    status?: string;
  },
) {
  const [patient] = await db.select({ id: patients.id, corpId: patients.corpId }).from(patients).limit(1);
  const rows = Array.from({ length: v.n ?? 1 }, () => {
    seq += 1;
    return {
      uid: newUid(),
      corpId: patient.corpId,
      clinicId: v.clinicId,
      patientId: patient.id,
      orderType: v.doctorId ? ('doctor' as const) : ('service' as const),
      serviceType: v.doctorId ? null : (v.serviceType ?? 'LAB'),
      doctorId: v.doctorId ?? null,
      status: v.status ?? 'Waiting',
      queueDate: v.day,
      queuePrefix: 'T',
      queueSeq: seq,
      queueNumber: `T-${seq}`,
      room: 'Poli Umum',
      payerType: 'self' as const,
    };
  });
  await db.insert(registrations).values(rows);
}
