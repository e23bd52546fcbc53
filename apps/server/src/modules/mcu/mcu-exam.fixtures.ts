import { clinicDay } from '@klinikita/domain/common/clinic-day';
import type { McuStation } from '@klinikita/domain/mcu/mcu-stations';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  mcuEvents,
  mcuPackages,
  mcuParticipants,
  partnerCompanies,
  patients,
  registrations,
  servicePackageItems,
  services,
} from '../../db/schema/index.ts';
import { newUid } from '../../shared/crypto.ts';
import { API } from '../../test/test-app.ts';

/**
 * Test participants of the MCU examination, made directly (the event/import/check-in screens are
 * another part): a package (lab items and stations), an event of the corporate's first company at
 * Cikarang (11), a patient and their MCU service visit through the API, the participant checked in.
 */

let serial = 0;

export async function mcuPackage(db: Db, corpId: number, stations: McuStation[], labNames: string[] = []) {
  const n = ++serial;
  const [pkg] = await db
    .insert(services)
    .values({
      uid: newUid(),
      corpId,
      code: `MCU-T${n}-${newUid().slice(0, 6)}`,
      nameId: `Paket MCU uji ${n}`,
      nameEn: `Test MCU package ${n}`,
      serviceGroup: 'mcu',
      unit: 'paket',
      isPackage: true,
    })
    .returning({ id: services.id });
  for (const [i, name] of labNames.entries()) {
    const [item] = await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.corpId, corpId), eq(services.serviceGroup, 'lab'), eq(services.nameId, name)));
    if (!item) throw new Error(`no lab service ${name}`);
    await db.insert(servicePackageItems).values({ packageId: pkg.id, itemId: item.id, sort: i });
  }
  await db.insert(mcuPackages).values({ serviceId: pkg.id, examType: 'periodic', stations });
  return pkg.id;
}

export async function mcuParticipant(
  app: FastifyInstance,
  db: Db,
  token: string,
  o: { corpId: number; packageId: number; clinicId?: number; checkedIn?: boolean },
) {
  const clinicId = o.clinicId ?? 11;
  const n = ++serial;
  const [company] = await db
    .select({ id: partnerCompanies.id, uid: partnerCompanies.uid })
    .from(partnerCompanies)
    .where(eq(partnerCompanies.corpId, o.corpId))
    .orderBy(asc(partnerCompanies.id))
    .limit(1);
  const day = clinicDay('Asia/Jakarta');
  const [event] = await db
    .insert(mcuEvents)
    .values({
      uid: newUid(),
      corpId: o.corpId,
      clinicId,
      companyId: company.id,
      name: `MCU berkala uji ${n}`,
      examType: 'periodic',
      startDate: day,
      endDate: day,
    })
    .returning({ id: mcuEvents.id });
  const nik = `3216011505${String(80 + (n % 20)).padStart(2, '0')}${String(7000 + n).padStart(4, '0')}`;
  const call = async (url: string, payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: `${API}${url}`,
      headers: { authorization: token },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return res.json().data;
  };
  const patient = await call('/patients', {
    clinicId,
    name: `Peserta MCU ${n}`,
    sex: 'M',
    dob: '15/05/1985',
    nik,
  });
  const [patientRow] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.uid, patient.uid));
  let registrationId: number | null = null;
  let visitUid: string | null = null;
  if (o.checkedIn !== false) {
    const visit = await call('/registrations/registrations', {
      clinicId,
      patientId: patient.uid,
      orderType: 'service',
      serviceType: 'MCU',
      payerType: 'self',
    });
    visitUid = visit._id;
    const [row] = await db
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.uid, visit._id));
    registrationId = row.id;
  }
  const uid = newUid();
  await db.insert(mcuParticipants).values({
    uid,
    corpId: o.corpId,
    clinicId,
    eventId: event.id,
    companyId: company.id,
    seq: 900_000 + n,
    mcuNumber: `UJI-${900_000 + n}`,
    patientId: patientRow.id,
    employeeNumber: `EMP-${n}`,
    nik,
    name: `Peserta MCU ${n}`,
    sex: 'M',
    birthDate: '1985-05-15',
    department: 'Produksi',
    job: 'Operator',
    packageId: o.packageId,
    registrationId,
    status: registrationId ? 'inProgress' : 'registered',
    checkedInAt: registrationId ? new Date() : null,
  });
  return { uid, visitUid, companyUid: company.uid };
}
