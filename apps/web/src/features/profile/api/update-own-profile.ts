import type { ProfileEditInput } from '@klinikita/domain/employees/profile.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

/** `PATCH settings/doctors/profile/edit` (spec 7): the own profile, doctor or photo variant. */
export const updateOwnProfile = (input: ProfileEditInput) =>
  api('settings/doctors/profile/edit', { method: 'PATCH', body: input });

export function useUpdateOwnProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOwnProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: ['profile'] }),
  });
}
