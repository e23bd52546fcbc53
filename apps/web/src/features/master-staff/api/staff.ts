import type { EmployeeProfile, EmployeeSummary } from '@klinikita/domain/employees/employee.schema';
import {
  createEmployee,
  editEmployee,
  getEmployeeProfile,
  listEmployees,
} from '@klinikita/domain/employees/employees.contract';
import type {
  EmployeeCreateInput,
  EmployeeEditInput,
  EmployeeListQuery,
} from '@klinikita/domain/employees/profile.schema';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, fetchData, moduleKey, useContractQuery } from '../../../shared/api/contract-client.ts';
import { wireFlag } from './list-query.ts';

/** One row of the staff list (`GET settings/employees`). */
export type StaffRow = EmployeeSummary;
/** One employee as `settings/pharmacy/employees/where?uid=` answers it (spec 3). */
export type StaffDetail = EmployeeProfile;

export const useStaffList = ({ active, ...query }: EmployeeListQuery) =>
  useContractQuery(
    listEmployees,
    { query: { ...query, active: wireFlag(active) } },
    { placeholderData: keepPreviousData },
  );

const getStaff = (uidEmployee: string) => fetchData(getEmployeeProfile, { query: { uid: uidEmployee } });

export const useStaff = (uidEmployee: string | null) =>
  useContractQuery(
    getEmployeeProfile,
    { query: { uid: uidEmployee ?? '' } },
    { enabled: uidEmployee !== null, gcTime: 0 },
  );

function useStaffMutation<V>(send: (variables: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: moduleKey(listEmployees) }),
  });
}

export const useCreateStaff = () =>
  useStaffMutation((input: EmployeeCreateInput) => call(createEmployee, { body: input }));

export const useUpdateStaff = () =>
  useStaffMutation((input: EmployeeEditInput) => call(editEmployee, { body: input }));

/**
 * Deactivates or reactivates an employee. `PATCH settings/employee` wants name, username and email
 * with every change, so they are read fresh first.
 */
export const useSetStaffActive = () =>
  useStaffMutation(async ({ uidEmployee, active }: { uidEmployee: string; active: boolean }) => {
    const current = await getStaff(uidEmployee);
    return call(editEmployee, {
      body: {
        uidEmployee,
        userId: current.userId ?? undefined,
        updateData: {
          name: current.name,
          username: current.username ?? '',
          email: current.email ?? '',
          active,
        },
      },
    });
  });
