import type {
  Eligibility,
  EligibilityCheckInput,
  EligibilitySaveInput,
  Insurer,
  InsurerQuery,
  InsurerSaveInput,
} from '@klinikita/domain/insurers/insurer.schema';
import type { CopayType } from '@klinikita/domain/partner-companies/partner-company.rules';
import type { ServiceGroup } from '@klinikita/domain/services/service.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import { type Executor, isUniqueViolation, pageOf } from '../../shared/sql.ts';
import {
  findInsurer,
  findVisitForEligibility,
  type InsurerRow,
  insertInsurer,
  listInsurerRows,
  updateInsurerRow,
  writeEligibility,
} from './insurers.queries.ts';

/**
 * The corporate's insurers, TPAs and BPJS (`/MedicalServices/Insurance`): contact, payment terms
 * and the coverage rules a visit's bill is split by (billing's coverage, coverage.rules.ts). One
 * name once per corporate (any case); an insurer is deactivated, never deleted. The front office
 * notes on an insurance or BPJS visit which insurer pays and the eligibility it checked; the
 * insurer is fixed once the visit's bill is posted.
 */

const refuse = (
  status: number,
  key: string,
  params: Record<string, string | number> = {},
  field?: string,
  fieldKey = `${key}Field`,
) =>
  new AppError(
    status,
    `insurers.${key}`,
    params,
    field ? [{ path: field, key: `insurers.${fieldKey}` }] : [],
  );

export const toInsurer = (r: InsurerRow): Insurer => ({
  uid: r.uid,
  name: r.name,
  code: r.code,
  kind: r.kind,
  contactName: r.contactName,
  phone: r.phone,
  email: r.email,
  address: r.address,
  paymentTermDays: r.paymentTermDays,
  ceilingPerVisit: r.ceilingPerVisit,
  ceilingPerYear: r.ceilingPerYear,
  copayType: r.copayType as CopayType,
  copayValue: r.copayValue,
  excludedGroups: r.excludedGroups as ServiceGroup[],
  active: r.active,
});

async function scopedInsurer(db: Executor, session: AuthSession, uid: string, lock = false) {
  const found = await findInsurer(db, session.corpId, uid, lock);
  if (!found) throw refuse(404, 'notFound');
  return found;
}

const audit = (
  db: Executor,
  session: AuthSession,
  ip: string,
  entry: { action: string; entityId: string; detail: unknown; clinicId?: number; patientId?: number },
) =>
  writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: null,
    ip,
    entity: 'insurer',
    ...entry,
  });

export async function listInsurers(db: Db, session: AuthSession, q: InsurerQuery) {
  const { rows, total } = await listInsurerRows(db, session.corpId, q);
  return pageOf(rows.map(toInsurer), total, q);
}

export async function getInsurer(db: Db, session: AuthSession, uid: string): Promise<Insurer> {
  return toInsurer(await scopedInsurer(db, session, uid));
}

/** A second insurer of the same name is refused 409, naming the field. */
async function uniqueName<T>(input: InsurerSaveInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(409, 'nameTaken', { name: input.name }, 'name');
    throw error;
  }
}

export function createInsurer(db: Db, session: AuthSession, input: InsurerSaveInput, ip: string) {
  return uniqueName(input, () =>
    db.transaction(async (tx) => {
      const row = await insertInsurer(tx, {
        ...input,
        uid: newUid(),
        corpId: session.corpId,
        createdBy: session.userId,
      });
      await audit(tx, session, ip, { action: 'insurer.create', entityId: row.uid, detail: input });
      return toInsurer(row);
    }),
  );
}

export function updateInsurer(
  db: Db,
  session: AuthSession,
  uid: string,
  input: InsurerSaveInput,
  ip: string,
) {
  return uniqueName(input, () =>
    db.transaction(async (tx) => {
      const before = await scopedInsurer(tx, session, uid, true);
      const row = await updateInsurerRow(tx, before.id, input);
      await audit(tx, session, ip, {
        action: 'insurer.update',
        entityId: uid,
        detail: { before: toInsurer(before), after: input },
      });
      return toInsurer(row);
    }),
  );
}

export function deactivateInsurer(db: Db, session: AuthSession, uid: string, ip: string) {
  return db.transaction(async (tx) => {
    const before = await scopedInsurer(tx, session, uid, true);
    const row = await updateInsurerRow(tx, before.id, { active: false });
    await audit(tx, session, ip, { action: 'insurer.deactivate', entityId: uid, detail: {} });
    return toInsurer(row);
  });
}

/**
 * The insurer a visit is to be paid by: an active one of the session's corporate. Refused with
 * `status` naming the field `insurerUid` (the eligibility route answers 404/409, the registration
 * 400): a uid from the client is never taken on trust.
 */
export async function insurerForVisit(
  db: Executor,
  session: AuthSession,
  uid: string,
  status: { notFound: number; inactive: number },
): Promise<InsurerRow> {
  const insurer = await findInsurer(db, session.corpId, uid);
  if (!insurer) throw refuse(status.notFound, 'notFound', {}, 'insurerUid');
  if (!insurer.active) throw refuse(status.inactive, 'inactive', { name: insurer.name }, 'insurerUid');
  return insurer;
}

/**
 * Notes on a visit, in the caller's transaction, the insurer paying it (its name and the member
 * number kept in the old columns too: what the bill, the claim and old screens read) and the
 * eligibility checked — by whom and when — or none yet; audited as `visit.eligibility`.
 */
export async function noteVisitEligibility(
  tx: Executor,
  session: AuthSession,
  ip: string,
  visit: { id: number; uid: string; clinicId: number; patientId: number; insuranceNumber: string | null },
  insurer: InsurerRow,
  input: Partial<EligibilityCheckInput> & { memberNumber?: string | null },
): Promise<Eligibility> {
  const checked = input.status !== undefined;
  const checkedAt = checked ? new Date() : null;
  const noted = {
    memberNumber: input.memberNumber ?? visit.insuranceNumber,
    status: input.status ?? null,
    reference: input.reference ?? null,
    coveredAmount: input.coveredAmount ?? null,
    note: input.note ?? null,
  };
  await writeEligibility(tx, visit.id, {
    insurerId: insurer.id,
    insuranceName: insurer.name,
    insuranceNumber: noted.memberNumber,
    eligibilityStatus: noted.status,
    eligibilityReference: noted.reference,
    eligibilityCoveredAmount: noted.coveredAmount,
    eligibilityNote: noted.note,
    eligibilityCheckedBy: checked ? session.userId : null,
    eligibilityCheckedAt: checkedAt,
  });
  await audit(tx, session, ip, {
    action: 'visit.eligibility',
    entityId: visit.uid,
    clinicId: visit.clinicId,
    patientId: visit.patientId,
    detail: { insurerUid: insurer.uid, ...noted },
  });
  return {
    visitUid: visit.uid,
    insurerUid: insurer.uid,
    insurerName: insurer.name,
    ...noted,
    checkedAt: checkedAt?.toISOString() ?? null,
  };
}

/**
 * `PUT /insurers/visits/:visitUid/eligibility`: the insurer of an insurance or BPJS visit (an
 * active one of the corporate) and the eligibility checked, by whom and when. A visit outside the
 * caller's clinics is not found; another payer type or a posted bill is refused 409.
 */
export function recordEligibility(
  db: Db,
  session: AuthSession,
  visitUid: string,
  input: EligibilitySaveInput,
  ip: string,
): Promise<Eligibility> {
  return db.transaction(async (tx) => {
    const visit = await findVisitForEligibility(tx, session.corpId, visitUid);
    if (!visit || !session.clinicIds.includes(visit.clinicId)) throw refuse(404, 'visitNotFound');
    if (visit.payerType !== 'insurance' && visit.payerType !== 'bpjs')
      throw refuse(409, 'notInsuranceVisit', { queueNumber: visit.queueNumber });
    if (visit.billPosted) throw refuse(409, 'billPosted', { queueNumber: visit.queueNumber });
    const insurer = await insurerForVisit(tx, session, input.insurerUid, { notFound: 404, inactive: 409 });
    return noteVisitEligibility(tx, session, ip, visit, insurer, input);
  });
}
