import { fromDDMMYYYY } from '@klinikita/domain/common/dates';
import { PATIENT_EVENTS } from '@klinikita/domain/patients/patient.events';
import {
  formatMrn,
  type PatientCreateInput,
  type PatientEditInput,
  type PatientListQuery,
  patientCrossIssues,
} from '@klinikita/domain/patients/patient.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope, can, corporateLevel } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { type Executor, isUniqueViolation, pageOf, type Tx } from '../../shared/sql.ts';
import { findRegionIssue } from '../regions/regions.service.ts';
import { emitIdentity } from './patients.events.ts';
import { type PatientRow, toPatient, toPatientSummary } from './patients.mapper.ts';
import {
  activeCompanyExists,
  type ChangeScope,
  findByNik,
  findLikelyDuplicates,
  findPatient,
  insertPatient,
  listActiveCompanies,
  nextMrnValue,
  pagePatients,
  patientInChangeScope,
  updatePatient,
} from './patients.queries.ts';

/**
 * A refusal that carries more than a message: a machine `code` for the web app and, for
 * duplicates, the patients it collided with; or field errors found after merging an edit.
 */
export class PatientError extends AppError {
  constructor(
    statusCode: number,
    key: string,
    params: Record<string, string | number>,
    readonly extra: { code?: string; data?: unknown; errors?: { path: string; message: string }[] },
  ) {
    super(statusCode, key, params);
  }
}

const notFoundPatient = () => new AppError(404, 'patients.notFound');

/** A living patient of the caller's corporate: unknown 404, another corporate's 403. */
async function corporatePatient(db: Db, session: AuthSession, uid: string) {
  const row = await findPatient(db, uid);
  if (!row) throw notFoundPatient();
  if (row.corpId !== session.corpId) throw forbidden('api.corporateForbidden');
  return row;
}

/**
 * The shared patient master: one record per person in the corporate, so every branch finds and
 * registers the chain's patients (read corporate-wide). Changing or removing the record is for
 * those who know the patient: staff of the clinic that registered them or of a clinic where they
 * have a visit, the user who registered them, and the corporate roles. A branch that never saw the
 * patient registers the visit first (which links the patient to it) and then corrects the data, so
 * nothing is blocked, yet a clinic cannot rewrite or remove strangers' identities. Edit and delete
 * follow the same rule.
 */
function changeScope(session: AuthSession): ChangeScope {
  if (corporateLevel(session)) return { all: true };
  return { all: false, clinicIds: session.clinicIds, userId: session.userId };
}

/** Refuses (403) a change or removal outside the caller's change scope. */
async function assertMayChange(db: Db, session: AuthSession, row: PatientRow) {
  if (!(await patientInChangeScope(db, row.id, changeScope(session))))
    throw forbidden('patients.outsideScope');
}

const nikTaken = (existing: PatientRow) =>
  new PatientError(
    409,
    'patients.nikTaken',
    { nik: existing.nik ?? '', name: existing.name, mrn: existing.mrn },
    { code: 'nikTaken', data: { candidates: [toPatientSummary(existing)] } },
  );

/** Same NIK in the corporate: refused. Same name and birth date: refused unless the clerk confirmed. */
async function assertNoDuplicate(
  db: Db,
  corpId: number,
  check: { nik?: string | null; name?: string; dob?: string; confirmDuplicate: boolean },
  exceptId?: number,
) {
  if (check.nik) {
    const existing = await findByNik(db, corpId, check.nik, exceptId);
    if (existing) throw nikTaken(existing);
  }
  if (check.name && check.dob && !check.confirmDuplicate) {
    const candidates = await findLikelyDuplicates(db, corpId, check.name, check.dob, exceptId);
    if (candidates.length)
      throw new PatientError(
        409,
        'patients.likelyDuplicate',
        { count: candidates.length },
        { code: 'likelyDuplicate', data: { candidates: candidates.map((c) => toPatientSummary(c)) } },
      );
  }
}

/** A race past the NIK check meets the partial unique index: answered like the check. */
async function guardNik<T>(db: Db, corpId: number, nik: string | null | undefined, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error) && nik) {
      const existing = await findByNik(db, corpId, nik);
      if (existing) throw nikTaken(existing);
    }
    throw error;
  }
}

async function audit(
  tx: Db | Tx,
  session: AuthSession,
  ip: string,
  action: string,
  row: { id: number; uid: string; clinicId: number },
  detail?: unknown,
) {
  await writeAudit(tx as Db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: row.clinicId,
    action,
    entity: 'patient',
    entityId: row.uid,
    patientId: row.id,
    ip,
    detail,
  });
}

/** '' means none: stored as NULL. */
const textOrNull = (v: string) => v.trim() || null;
/** On an edit: undefined leaves the column, '' clears it. */
const editText = (v: string | undefined) => (v === undefined ? undefined : textOrNull(v));

/** A patient row of the corporate, or null (other modules, e.g. a registration, look one up here). */
export async function findCorporatePatient(db: Executor, corpId: number, uid: string) {
  const row = await findPatient(db, uid);
  return row && row.corpId === corpId ? row : null;
}

/** A patient the caller may change (404, another corporate's 403, outside the change scope 403). */
export async function changeablePatient(db: Db, session: AuthSession, uid: string) {
  const row = await corporatePatient(db, session, uid);
  await assertMayChange(db, session, row);
  return row;
}

/** Whether the corporate has this partner company, still active (a payer for patients and visits). */
export function isActiveCompany(db: Executor, corpId: number, companyId: number) {
  return activeCompanyExists(db, corpId, companyId);
}

/** `GET registrations/companies`: the corporate's active partner companies (payers). */
export function listCompanies(db: Db, session: AuthSession) {
  return listActiveCompanies(db, session.corpId);
}

export async function listPatients(db: Db, session: AuthSession, q: PatientListQuery) {
  if (q.clinicId !== undefined) assertClinicInScope(session, q.clinicId);
  const { rows, total } = await pagePatients(db, session.corpId, q, changeScope(session));
  const now = new Date();
  const writes = can(session, 'patient.write');
  return pageOf(
    rows.map((r) => ({ ...toPatientSummary(r, now), mayChange: writes && r.mayChange })),
    total,
    q,
  );
}

/** One patient's record; every read is in the audit log. */
export async function readPatient(db: Db, session: AuthSession, uid: string, ip: string) {
  const row = await corporatePatient(db, session, uid);
  await audit(db, session, ip, 'patient.read', row);
  const mayChange =
    can(session, 'patient.write') && (await patientInChangeScope(db, row.id, changeScope(session)));
  return { ...toPatient(row), mayChange };
}

const REGION_KEYS = ['provinceCode', 'cityCode', 'districtCode', 'villageCode'] as const;

/** The address's region codes name known areas, each inside the one above (idn-area-data). */
async function assertRegions(codes: Partial<Record<(typeof REGION_KEYS)[number], string | null>>) {
  const issue = await findRegionIssue({
    provinceCode: codes.provinceCode ?? '',
    cityCode: codes.cityCode ?? '',
    districtCode: codes.districtCode ?? '',
    villageCode: codes.villageCode ?? '',
  });
  if (issue) throw new PatientError(400, 'api.validation', {}, { errors: [issue] });
}

/** A company payer is one of the corporate's active partner companies. */
async function assertCompany(
  db: Db,
  session: AuthSession,
  payerType: string,
  companyId: number | null | undefined,
) {
  if (payerType !== 'company' || !companyId) return;
  if (!(await activeCompanyExists(db, session.corpId, companyId)))
    throw new PatientError(
      400,
      'api.validation',
      {},
      { errors: [{ path: 'companyId', message: 'patients.companyNotFound' }] },
    );
}

export async function createPatient(db: Db, session: AuthSession, input: PatientCreateInput, ip: string) {
  assertClinicInScope(session, input.clinicId);
  await assertRegions(input);
  await assertCompany(db, session, input.payerType, input.companyId);
  const dob = fromDDMMYYYY(input.dob) as string;
  const nik = textOrNull(input.nik);
  await assertNoDuplicate(db, session.corpId, {
    nik,
    name: input.name,
    dob,
    confirmDuplicate: input.confirmDuplicate,
  });
  const uid = newUid();
  await guardNik(db, session.corpId, nik, () =>
    db.transaction(async (tx) => {
      const mrn = formatMrn(input.clinicId, await nextMrnValue(tx, input.clinicId));
      const row = await insertPatient(tx, {
        uid,
        corpId: session.corpId,
        clinicId: input.clinicId,
        mrn,
        nik,
        passport: textOrNull(input.passport.toUpperCase()),
        nationality: input.nationality,
        // none given: the answer follows the age-and-sex rule as the patient grows up
        title: input.title ?? null,
        name: input.name,
        sex: input.sex,
        dob,
        bloodGroup: input.bloodGroup,
        rhesus: input.rhesus,
        phone: textOrNull(input.phone),
        email: textOrNull(input.email),
        address: textOrNull(input.address),
        provinceCode: textOrNull(input.provinceCode),
        cityCode: textOrNull(input.cityCode),
        districtCode: textOrNull(input.districtCode),
        villageCode: textOrNull(input.villageCode),
        payerType: input.payerType,
        companyId: input.companyId,
        insuranceName: textOrNull(input.insuranceName),
        insuranceNumber: textOrNull(input.insuranceNumber),
        emergencyName: textOrNull(input.emergencyName),
        emergencyPhone: textOrNull(input.emergencyPhone),
        emergencyRelation: textOrNull(input.emergencyRelation),
        allergies: textOrNull(input.allergies),
        ihsNumber: textOrNull(input.ihsNumber),
        motherNik: textOrNull(input.motherNik),
        createdBy: session.userId,
      });
      if (!input.ihsNumber)
        await emitIdentity(tx, PATIENT_EVENTS.registered, { ...row, corpId: session.corpId });
      await audit(tx, session, ip, 'patient.create', row, {
        mrn,
        confirmedDuplicate: input.confirmDuplicate || undefined,
      });
    }),
  );
  const created = await findPatient(db, uid);
  if (!created) throw notFoundPatient();
  // the registering user may change it (changeScope)
  return { ...toPatient(created), mayChange: true };
}

/** `PATCH patients/:uid`: the fields sent; the cross-field rules hold on the merged record. */
export async function editPatient(
  db: Db,
  session: AuthSession,
  uid: string,
  input: PatientEditInput,
  ip: string,
) {
  const row = await corporatePatient(db, session, uid);
  await assertMayChange(db, session, row);
  const { confirmDuplicate, ...d } = input;
  const issues = patientCrossIssues({
    nationality: d.nationality ?? row.nationality,
    nik: d.nik ?? row.nik ?? '',
    passport: d.passport ?? row.passport ?? '',
    payerType: d.payerType ?? row.payerType,
    insuranceName: d.insuranceName ?? row.insuranceName ?? '',
    insuranceNumber: d.insuranceNumber ?? row.insuranceNumber ?? '',
    companyId: d.companyId === undefined ? row.companyId : d.companyId,
  });
  if (issues.length) throw new PatientError(400, 'api.validation', {}, { errors: issues });
  if (d.companyId !== undefined || d.payerType !== undefined)
    await assertCompany(
      db,
      session,
      d.payerType ?? row.payerType,
      d.companyId === undefined ? row.companyId : d.companyId,
    );
  if (REGION_KEYS.some((k) => d[k] !== undefined))
    await assertRegions({
      provinceCode: d.provinceCode ?? row.provinceCode,
      cityCode: d.cityCode ?? row.cityCode,
      districtCode: d.districtCode ?? row.districtCode,
      villageCode: d.villageCode ?? row.villageCode,
    });

  const dob = d.dob === undefined ? undefined : (fromDDMMYYYY(d.dob) as string);
  const nik = editText(d.nik);
  const nameChanged = d.name !== undefined && d.name.toLowerCase() !== row.name.toLowerCase();
  const dobChanged = dob !== undefined && dob !== row.dob;
  await assertNoDuplicate(
    db,
    session.corpId,
    {
      nik: nik && nik !== row.nik ? nik : null,
      ...((nameChanged || dobChanged) && { name: d.name ?? row.name, dob: dob ?? row.dob }),
      confirmDuplicate,
    },
    row.id,
  );
  const values = {
    nik,
    passport: editText(d.passport?.toUpperCase()),
    nationality: d.nationality,
    title: d.title,
    name: d.name,
    sex: d.sex,
    dob,
    bloodGroup: d.bloodGroup,
    rhesus: d.rhesus,
    phone: editText(d.phone),
    email: editText(d.email),
    address: editText(d.address),
    provinceCode: editText(d.provinceCode),
    cityCode: editText(d.cityCode),
    districtCode: editText(d.districtCode),
    villageCode: editText(d.villageCode),
    payerType: d.payerType,
    companyId: d.companyId,
    insuranceName: editText(d.insuranceName),
    insuranceNumber: editText(d.insuranceNumber),
    emergencyName: editText(d.emergencyName),
    emergencyPhone: editText(d.emergencyPhone),
    emergencyRelation: editText(d.emergencyRelation),
    allergies: editText(d.allergies),
    ihsNumber: editText(d.ihsNumber),
    motherNik: editText(d.motherNik),
  };
  // the names of the fields whose value changes, never the values: identity and health data
  const changed = Object.entries(values)
    .filter(([field, value]) => value !== undefined && value !== row[field as keyof PatientRow])
    .map(([field]) => field);
  // a new NIK (or mother's NIK) makes the IHS number found by the old one stale: looked up again
  const identityChanged = d.ihsNumber === undefined && changed.some((f) => f === 'nik' || f === 'motherNik');
  const identityReset = identityChanged && { ihsNumber: null, ihsCheckedAt: null, ihsMissingReason: null };
  await guardNik(db, session.corpId, nik, () =>
    db.transaction(async (tx) => {
      await updatePatient(tx, row.id, { ...values, ...identityReset, updatedAt: new Date() });
      if (identityChanged) await emitIdentity(tx, PATIENT_EVENTS.identityChanged, row);
      await audit(tx, session, ip, 'patient.update', row, {
        fields: changed,
        confirmedDuplicate: confirmDuplicate || undefined,
      });
    }),
  );
  const saved = await findPatient(db, uid);
  if (!saved) throw notFoundPatient();
  return { ...toPatient(saved), mayChange: true };
}

/**
 * Soft delete (nothing clinical is hard-deleted): the record leaves every list and its NIK is
 * free again. The same rule as for a change (`changeScope`).
 */
export async function deletePatient(db: Db, session: AuthSession, uid: string, ip: string) {
  const row = await corporatePatient(db, session, uid);
  await assertMayChange(db, session, row);
  await db.transaction(async (tx) => {
    await updatePatient(tx, row.id, { deletedAt: new Date() });
    await audit(tx, session, ip, 'patient.delete', row, { mrn: row.mrn });
  });
}
