import { CORPORATE_NAME_ROLES } from '@klinikita/domain/access/roles';
import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api-client.ts';

interface CorporateProfile {
  id: number;
  name: string;
  phoneNumber: string | null;
  address: string | null;
}

const usesCorporateName = (user: SessionUser) =>
  CORPORATE_NAME_ROLES.includes(user.role.role) && user.corpId !== null;

export const corporateProfileQuery = (corpId: number) => ({
  queryKey: ['corporate-profile', corpId],
  queryFn: async () =>
    (await api<CorporateProfile>('pharmacies/corps/where', { query: { id: corpId }, service: 'master' }))
      .data ?? null,
  staleTime: 5 * 60_000,
});

/**
 * The clinic name of the header (spec 2.4, 6): Super Admin and Admin see the corporate profile
 * name; others their clinic's name, or their account type when they have no clinic.
 */
export function useClinicName(user: SessionUser): string {
  const { t } = useTranslation();
  const corporate = useQuery({
    ...corporateProfileQuery(user.corpId ?? 0),
    enabled: usesCorporateName(user),
  });
  if (usesCorporateName(user)) return corporate.data?.name ?? user.dataCorporate?.name ?? '';
  return user.dataClinic?.name ?? t(`web.accountType.${user.accountType}`);
}
