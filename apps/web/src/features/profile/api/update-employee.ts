import { editEmployee } from '@klinikita/domain/employees/employees.contract';
import type { EmployeeEditInput } from '@klinikita/domain/employees/profile.schema';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/contract-client.ts';

/** `PATCH settings/employee` (spec 7): the generic staff Edit User save. */
export const useUpdateEmployee = () =>
  useMutation({ mutationFn: (input: EmployeeEditInput) => call(editEmployee, { body: input }) });
