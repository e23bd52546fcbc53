import { getDoctorProfile } from '@klinikita/domain/doctors/doctors.contract';
import { editOwnProfile } from '@klinikita/domain/employees/employees.contract';
import type { ProfileEditInput } from '@klinikita/domain/employees/profile.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, moduleKey } from '../../../shared/api/contract-client.ts';

/** `PATCH settings/doctors/profile/edit` (spec 7): the own profile, doctor or photo variant. */
export function useUpdateOwnProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileEditInput) => call(editOwnProfile, { body: input }),
    // the profile reads again, as a doctor's or as an employee's
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: moduleKey(editOwnProfile) }),
        client.invalidateQueries({ queryKey: moduleKey(getDoctorProfile) }),
      ]),
  });
}
