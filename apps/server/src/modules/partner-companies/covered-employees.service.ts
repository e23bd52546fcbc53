import type {
  EmployeeQuery,
  EmployeeSaveInput,
} from '@klinikita/domain/partner-companies/partner-company.schema';
import type { CoveredEmployee } from '@klinikita/domain/partner-companies/partner-company-answers.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import { type Executor, isUniqueViolation, pageOf } from '../../shared/sql.ts';
import { toEmployee } from './partner-companies.mapper.ts';
import {
  type CompanyRow,
  type EmployeeRow,
  findEmployee,
  insertEmployee,
  listEmployeeRows,
  patientIdsByNik,
  updateEmployeeRow,
} from './partner-companies.queries.ts';
import { audit, refuse, scopedCompany } from './partner-companies.scope.ts';

/**
 * The employees a company covers (peserta): one employee number once per company; linked to the
 * corporate's patient with the same NIK when there is one (the front office finds the company
 * payer from the patient). Deactivated, never deleted.
 */

export async function listEmployees(db: Db, session: AuthSession, uid: string, q: EmployeeQuery) {
  const { company } = await scopedCompany(db, session, uid);
  const { rows, total } = await listEmployeeRows(db, company.id, q);
  return pageOf(rows.map(toEmployee), total, q);
}

export const numberTaken = (employeeNumber: string) =>
  refuse(409, 'employeeNumberTaken', { number: employeeNumber }, 'employeeNumber');

/** Writes an employee (new, or over `existing`) with its patient link; answers whether anything changed. */
export async function writeEmployee(
  tx: Executor,
  session: AuthSession,
  company: CompanyRow,
  input: EmployeeSaveInput,
  existing: EmployeeRow | null,
): Promise<{ id: number; uid: string; change: 'created' | 'updated' | 'unchanged' }> {
  const patientId = (await patientIdsByNik(tx, session.corpId, [input.nik])).get(input.nik) ?? null;
  const values = { ...input, patientId };
  if (!existing) {
    const uid = newUid();
    const id = await insertEmployee(tx, { ...values, uid, companyId: company.id, createdBy: session.userId });
    return { id, uid, change: 'created' };
  }
  const same = (Object.keys(values) as (keyof typeof values)[]).every((k) => existing[k] === values[k]);
  if (!same) await updateEmployeeRow(tx, existing.id, values);
  return { id: existing.id, uid: existing.uid, change: same ? 'unchanged' : 'updated' };
}

async function saved(tx: Executor, companyId: number, uid: string): Promise<CoveredEmployee> {
  return toEmployee((await findEmployee(tx, companyId, uid)) as EmployeeRow);
}

export async function addEmployee(
  db: Db,
  session: AuthSession,
  uid: string,
  input: EmployeeSaveInput,
  ip: string,
): Promise<CoveredEmployee> {
  try {
    return await db.transaction(async (tx) => {
      const { company } = await scopedCompany(tx, session, uid);
      const row = await writeEmployee(tx, session, company, input, null);
      await audit(tx, session, ip, {
        action: 'partnerCompany.employee.add',
        entityId: uid,
        detail: { employee: row.uid, ...input },
      });
      return saved(tx, company.id, row.uid);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken(input.employeeNumber);
    throw error;
  }
}

export async function updateEmployee(
  db: Db,
  session: AuthSession,
  uid: string,
  employeeUid: string,
  input: EmployeeSaveInput,
  ip: string,
): Promise<CoveredEmployee> {
  try {
    return await db.transaction(async (tx) => {
      const { company } = await scopedCompany(tx, session, uid);
      const existing = await findEmployee(tx, company.id, employeeUid);
      if (!existing) throw refuse(404, 'employeeNotFound');
      await writeEmployee(tx, session, company, input, existing);
      await audit(tx, session, ip, {
        action: 'partnerCompany.employee.update',
        entityId: uid,
        detail: { employee: employeeUid, before: toEmployee(existing), after: input },
      });
      return saved(tx, company.id, employeeUid);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken(input.employeeNumber);
    throw error;
  }
}

export function deactivateEmployee(
  db: Db,
  session: AuthSession,
  uid: string,
  employeeUid: string,
  ip: string,
): Promise<CoveredEmployee> {
  return db.transaction(async (tx) => {
    const { company } = await scopedCompany(tx, session, uid);
    const existing = await findEmployee(tx, company.id, employeeUid);
    if (!existing) throw refuse(404, 'employeeNotFound');
    await updateEmployeeRow(tx, existing.id, { active: false });
    await audit(tx, session, ip, {
      action: 'partnerCompany.employee.deactivate',
      entityId: uid,
      detail: { employee: employeeUid },
    });
    return saved(tx, company.id, employeeUid);
  });
}
