import type {
  CompanyQuery,
  CompanySaveInput,
} from '@klinikita/domain/partner-companies/partner-company.schema';
import type { CompanyDetail } from '@klinikita/domain/partner-companies/partner-company-answers.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { type Executor, isUniqueViolation, pageOf } from '../../shared/sql.ts';
import { toCompanyDetail, toCompanySummary } from './partner-companies.mapper.ts';
import {
  type CompanyRow,
  type CompanyValues,
  excludedServicesOf,
  insertCompany,
  listCompanyRows,
  replaceExcludedServices,
  servicesByUid,
  updateCompanyRow,
} from './partner-companies.queries.ts';
import { audit, refuse, scopedCompany } from './partner-companies.scope.ts';

/**
 * The corporate's partner companies (`/Registration/perusahaanRekanan`): profile, credit terms and
 * coverage. One name once per corporate; a company is deactivated, never deleted (its visits stay).
 */

export async function listCompanies(db: Db, session: AuthSession, q: CompanyQuery) {
  const { rows, total } = await listCompanyRows(db, session.corpId, q);
  return pageOf(
    rows.map((r) => toCompanySummary(r.company, r.employeeCount)),
    total,
    q,
  );
}

async function detailOf(db: Executor, company: CompanyRow, employeeCount: number): Promise<CompanyDetail> {
  return toCompanyDetail(company, employeeCount, await excludedServicesOf(db, company.id));
}

export async function getCompany(db: Db, session: AuthSession, uid: string): Promise<CompanyDetail> {
  const found = await scopedCompany(db, session, uid);
  return detailOf(db, found.company, found.employeeCount);
}

/** The excluded services named by uid, each one of the corporate's catalogue (else 404 naming it). */
async function excludedServiceIds(db: Executor, session: AuthSession, uids: string[]): Promise<number[]> {
  const found = await servicesByUid(db, session.corpId, uids);
  return uids.map((uid, i) => {
    const service = found.get(uid);
    if (!service) throw refuse(404, 'serviceNotFound', {}, `excludedServiceUids.${i}`);
    return service.id;
  });
}

const valuesOf = ({ excludedServiceUids: _, ...input }: CompanySaveInput): CompanyValues => input;

/** A second company of the same name is refused 409, naming the field. */
async function uniqueName<T>(input: CompanySaveInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(409, 'nameTaken', { name: input.name }, 'name');
    throw error;
  }
}

export function createCompany(db: Db, session: AuthSession, input: CompanySaveInput, ip: string) {
  return uniqueName(input, () =>
    db.transaction(async (tx) => {
      const serviceIds = await excludedServiceIds(tx, session, input.excludedServiceUids);
      const row = await insertCompany(tx, {
        ...valuesOf(input),
        corpId: session.corpId,
        createdBy: session.userId,
      });
      await replaceExcludedServices(tx, row.id, serviceIds);
      await audit(tx, session, ip, { action: 'partnerCompany.create', entityId: row.uid, detail: input });
      return detailOf(tx, row, 0);
    }),
  );
}

export function updateCompany(
  db: Db,
  session: AuthSession,
  uid: string,
  input: CompanySaveInput,
  ip: string,
) {
  return uniqueName(input, () =>
    db.transaction(async (tx) => {
      const found = await scopedCompany(tx, session, uid, true);
      const serviceIds = await excludedServiceIds(tx, session, input.excludedServiceUids);
      const before = await detailOf(tx, found.company, found.employeeCount);
      await updateCompanyRow(tx, found.company.id, valuesOf(input));
      await replaceExcludedServices(tx, found.company.id, serviceIds);
      await audit(tx, session, ip, {
        action: 'partnerCompany.update',
        entityId: uid,
        detail: { before, after: input },
      });
      const after = await scopedCompany(tx, session, uid);
      return detailOf(tx, after.company, after.employeeCount);
    }),
  );
}

export function deactivateCompany(db: Db, session: AuthSession, uid: string, ip: string) {
  return db.transaction(async (tx) => {
    const found = await scopedCompany(tx, session, uid, true);
    await updateCompanyRow(tx, found.company.id, { active: false });
    await audit(tx, session, ip, { action: 'partnerCompany.deactivate', entityId: uid, detail: {} });
    const after = await scopedCompany(tx, session, uid);
    return detailOf(tx, after.company, after.employeeCount);
  });
}
