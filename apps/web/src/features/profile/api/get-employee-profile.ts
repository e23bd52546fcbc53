import type { EmployeeProfile } from '@klinikita/domain/employees/employee.schema';
import { getEmployeeProfile } from '@klinikita/domain/employees/employees.contract';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

export type { EmployeeProfile };

/** The employee profile of spec 3, as `settings/pharmacy/employees/where` answers it. */
export const useEmployeeProfile = (uid: string | null, enabled = true) =>
  useContractQuery(getEmployeeProfile, { query: { uid: uid ?? '' } }, { enabled: enabled && uid !== null });
