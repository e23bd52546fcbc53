import type {
  EmployeeCreateInput,
  EmployeeEditInput,
  EmployeeListQuery,
} from '@klinikita/domain/employees/profile.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';
import { type PagedList, toQuery } from './list-query.ts';

/** One row of the staff list (`GET settings/employees`). */
export interface StaffRow {
  uidEmployee: string;
  userId?: string | null;
  name: string;
  username: string | null;
  email: string | null;
  role: { _id: string; role: string } | null;
  clinicId: number | null;
  clinicName: string | null;
  phoneNumber: string | null;
  active: boolean;
}

/** One employee as `settings/pharmacy/employees/where?uid=` answers it (spec 3). */
export interface StaffDetail {
  uidEmployee: string;
  userId?: string | null;
  name: string;
  username: string | null;
  email: string | null;
  role: { _id: string; role: string } | null;
  gender: 'M' | 'F' | 'N' | null;
  dob: string | null;
  icNumber: string | null;
  address: string | null;
  phoneNumber: string | null;
  clinicId: number | null;
  clinicName: string | null;
  active?: boolean;
}

const staffKey = ['master-staff', 'staff'] as const;

export const useStaffList = (query: EmployeeListQuery) =>
  useQuery({
    queryKey: [...staffKey, 'list', query],
    queryFn: async () =>
      (await api<PagedList<StaffRow>>('settings/employees', { query: toQuery({ ...query }) })).data!,
    placeholderData: keepPreviousData,
  });

export async function getStaff(uidEmployee: string): Promise<StaffDetail> {
  return (await api<StaffDetail>('settings/pharmacy/employees/where', { query: { uid: uidEmployee } })).data!;
}

export const useStaff = (uidEmployee: string | null) =>
  useQuery({
    queryKey: [...staffKey, 'one', uidEmployee],
    queryFn: () => getStaff(uidEmployee!),
    enabled: uidEmployee !== null,
    gcTime: 0,
  });

function useStaffMutation<V>(call: (variables: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

export const useCreateStaff = () =>
  useStaffMutation((input: EmployeeCreateInput) =>
    api('settings/employees', { method: 'POST', body: input }),
  );

export const useUpdateStaff = () =>
  useStaffMutation((input: EmployeeEditInput) => api('settings/employee', { method: 'PATCH', body: input }));

/**
 * Deactivates or reactivates an employee. `PATCH settings/employee` wants name, username and email
 * with every change, so they are read fresh first.
 */
export const useSetStaffActive = () =>
  useStaffMutation(async ({ uidEmployee, active }: { uidEmployee: string; active: boolean }) => {
    const current = await getStaff(uidEmployee);
    return api('settings/employee', {
      method: 'PATCH',
      body: {
        uidEmployee,
        userId: current.userId ?? undefined,
        updateData: {
          name: current.name,
          username: current.username ?? '',
          email: current.email ?? '',
          active,
        },
      } satisfies EmployeeEditInput,
    });
  });
