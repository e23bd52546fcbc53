import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  dispensedItems,
  doctors,
  drugs,
  employees,
  encounters,
  labParameters,
  labReports,
  labResultValues,
  labSpecimens,
  patients,
  pharmacyOrderEvents,
  prescriptions,
  registrations,
  satusehatLocations,
  satusehatSettings,
  serviceOrders,
  services,
  treatmentProcedures,
} from '../../../db/schema/index.ts';
import type { Executor } from '../../../shared/sql.ts';

/**
 * SQL of the delivery builders: what a finished visit, a handover and a released lab report hold,
 * read when the delivery is built (so a correction made before a resend is what goes out).
 */

const patientColumns = {
  patientUid: patients.uid,
  patientName: patients.name,
  patientNik: patients.nik,
  patientIhs: patients.ihsNumber,
};

/** The visit with its patient, doctor (the note's, else the registration's) and signed note. */
export async function encounterSourceOf(db: Executor, registrationUid: string) {
  const [row] = await db
    .select({
      registrationId: registrations.id,
      registrationUid: registrations.uid,
      corpId: registrations.corpId,
      clinicId: registrations.clinicId,
      room: registrations.room,
      arrivedAt: registrations.arrivedAt,
      calledAt: registrations.calledAt,
      ...patientColumns,
      allergies: patients.allergies,
      doctorName: employees.name,
      doctorIhs: employees.ihsNumber,
      note: {
        id: encounters.id,
        status: encounters.status,
        createdAt: encounters.createdAt,
        signedAt: encounters.signedAt,
        systolic: encounters.systolic,
        diastolic: encounters.diastolic,
        pulse: encounters.pulse,
        respiratoryRate: encounters.respiratoryRate,
        temperature: encounters.temperature,
        spo2: encounters.spo2,
        weight: encounters.weight,
        height: encounters.height,
        diagnoses: encounters.diagnoses,
        procedures: encounters.procedures,
        prescription: encounters.prescription,
      },
    })
    .from(registrations)
    .innerJoin(patients, eq(patients.id, registrations.patientId))
    .leftJoin(encounters, eq(encounters.registrationId, registrations.id))
    .leftJoin(doctors, sql`${doctors.id} = coalesce(${encounters.doctorId}, ${registrations.doctorId})`)
    .leftJoin(employees, eq(employees.id, doctors.employeeId))
    .where(eq(registrations.uid, registrationUid));
  return row ?? null;
}

/**
 * The Location the clinic registered for `room` under `organizationId` in the clinic's current
 * environment; null when it has none there.
 */
export async function locationOf(db: Executor, clinicId: number, room: string, organizationId: string) {
  const [row] = await db
    .select({ id: satusehatLocations.locationId, name: satusehatLocations.name })
    .from(satusehatLocations)
    .innerJoin(
      satusehatSettings,
      and(
        eq(satusehatSettings.clinicId, satusehatLocations.clinicId),
        eq(satusehatSettings.environment, satusehatLocations.environment),
      ),
    )
    .where(
      and(
        eq(satusehatLocations.clinicId, clinicId),
        sql`lower(trim(${satusehatLocations.name})) = lower(trim(${room}))`,
        eq(satusehatLocations.organizationId, organizationId),
        isNotNull(satusehatLocations.locationId),
      ),
    );
  return row?.id ? { id: row.id, name: row.name } : null;
}

/** The KFA codes and names of the corporate's drugs by public id. */
export function drugsByUid(db: Executor, corpId: number, uids: string[]) {
  if (!uids.length) return Promise.resolve([]);
  return db
    .select({ uid: drugs.uid, name: drugs.name, strength: drugs.strength, kfaCode: drugs.kfaCode })
    .from(drugs)
    .where(and(eq(drugs.corpId, corpId), inArray(drugs.uid, uids)));
}

/**
 * Procedures of the treatment room done on the visit itself or on a visit made from its note's
 * orders, not voided.
 */
export async function treatmentProceduresOf(
  db: Executor,
  registrationId: number,
  encounterId: number | null,
) {
  const visit = alias(registrations, 'treatment_visit');
  return db
    .select({
      uid: treatmentProcedures.uid,
      code: treatmentProcedures.icd9Code,
      name: treatmentProcedures.name,
      performedAt: treatmentProcedures.performedAt,
    })
    .from(treatmentProcedures)
    .innerJoin(visit, eq(visit.id, treatmentProcedures.registrationId))
    .leftJoin(serviceOrders, eq(serviceOrders.uid, visit.serviceOrderUid))
    .where(
      and(
        isNull(treatmentProcedures.voidedAt),
        or(
          eq(treatmentProcedures.registrationId, registrationId),
          encounterId === null ? sql`false` : eq(serviceOrders.encounterId, encounterId),
        ),
      ),
    )
    .orderBy(asc(treatmentProcedures.performedAt), asc(treatmentProcedures.id));
}

/** One handover (the `dispense` move of `requestKey`) with its prescription and patient. */
export async function dispenseSourceOf(db: Executor, prescriptionUid: string, requestKey: string) {
  const [row] = await db
    .select({
      eventId: pharmacyOrderEvents.id,
      handedOverAt: pharmacyOrderEvents.at,
      prescriptionUid: prescriptions.uid,
      items: prescriptions.items,
      ...patientColumns,
    })
    .from(pharmacyOrderEvents)
    .innerJoin(prescriptions, eq(prescriptions.id, pharmacyOrderEvents.prescriptionId))
    .innerJoin(patients, eq(patients.id, prescriptions.patientId))
    .where(
      and(
        eq(prescriptions.uid, prescriptionUid),
        eq(pharmacyOrderEvents.requestKey, requestKey),
        eq(pharmacyOrderEvents.action, 'dispense'),
      ),
    );
  return row ?? null;
}

/** What a handover gave: one row per line, ingredient and batch, with the drug's KFA code. */
export function dispensedRowsOf(db: Executor, eventId: number) {
  return db
    .select({
      id: dispensedItems.id,
      line: dispensedItems.line,
      ingredient: dispensedItems.ingredient,
      batchNumber: dispensedItems.batchNumber,
      expiryDate: dispensedItems.expiryDate,
      quantity: dispensedItems.quantity,
      drugName: drugs.name,
      strength: drugs.strength,
      kfaCode: drugs.kfaCode,
      unit: sql<string>`coalesce(${drugs.baseUnit}, ${drugs.unit})`,
    })
    .from(dispensedItems)
    .innerJoin(drugs, eq(drugs.id, dispensedItems.itemId))
    .where(eq(dispensedItems.eventId, eventId))
    .orderBy(asc(dispensedItems.line), asc(dispensedItems.ingredient), asc(dispensedItems.id));
}

/** A lab report with its visit, patient and the order (and ordering doctor) it came from. */
export async function labSourceOf(db: Executor, reportUid: string) {
  const [row] = await db
    .select({
      reportId: labReports.id,
      reportUid: labReports.uid,
      version: labReports.version,
      status: labReports.status,
      releasedAt: labReports.releasedAt,
      registrationId: registrations.id,
      arrivedAt: registrations.arrivedAt,
      orderedAt: serviceOrders.createdAt,
      ...patientColumns,
      doctorName: employees.name,
      doctorIhs: employees.ihsNumber,
    })
    .from(labReports)
    .innerJoin(registrations, eq(registrations.id, labReports.registrationId))
    .innerJoin(patients, eq(patients.id, registrations.patientId))
    .leftJoin(serviceOrders, eq(serviceOrders.uid, registrations.serviceOrderUid))
    .leftJoin(encounters, eq(encounters.id, serviceOrders.encounterId))
    .leftJoin(doctors, eq(doctors.id, encounters.doctorId))
    .leftJoin(employees, eq(employees.id, doctors.employeeId))
    .where(eq(labReports.uid, reportUid));
  return row ?? null;
}

/** The containers of the lab visit that were collected (rejected ones left out). */
export function labSpecimensOf(db: Executor, registrationId: number) {
  return db
    .select({
      barcode: labSpecimens.barcode,
      specimen: labSpecimens.specimen,
      collectedAt: labSpecimens.collectedAt,
      receivedAt: labSpecimens.receivedAt,
    })
    .from(labSpecimens)
    .where(
      and(
        eq(labSpecimens.registrationId, registrationId),
        inArray(labSpecimens.status, ['collected', 'received']),
      ),
    )
    .orderBy(asc(labSpecimens.id));
}

/** The report's results in the catalogue's order, with each parameter's LOINC code. */
export function labValuesOf(db: Executor, reportId: number) {
  return db
    .select({
      testCode: services.code,
      testName: services.nameId,
      code: labParameters.code,
      name: labParameters.nameEn,
      loinc: labParameters.loinc,
      specimen: labParameters.specimen,
      valueNumber: labResultValues.valueNumber,
      valueText: labResultValues.valueText,
      unit: labResultValues.unit,
      low: labResultValues.low,
      high: labResultValues.high,
      normalText: labResultValues.normalText,
      flag: labResultValues.flag,
    })
    .from(labResultValues)
    .innerJoin(labParameters, eq(labParameters.id, labResultValues.parameterId))
    .innerJoin(services, eq(services.id, labResultValues.serviceId))
    .where(eq(labResultValues.reportId, reportId))
    .orderBy(asc(services.code), asc(labParameters.printOrder), asc(labParameters.id));
}
