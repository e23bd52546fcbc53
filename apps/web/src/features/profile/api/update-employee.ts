import type { EmployeeEditInput } from '@klinikita/domain/employees/profile.schema';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

/** `PATCH settings/employee` (spec 7): the generic staff Edit User save. */
export const updateEmployee = (input: EmployeeEditInput) =>
  api('settings/employee', { method: 'PATCH', body: input });

export const useUpdateEmployee = () => useMutation({ mutationFn: updateEmployee });
