import { CORPORATE_NAME_ROLES } from '@klinikita/domain/access/roles';
import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import type { getCorporate } from '@klinikita/domain/clinics/clinics.contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../api/contract-call.ts';

const usesCorporateName = (user: SessionUser) =>
  CORPORATE_NAME_ROLES.includes(user.role.role) && user.corpId !== null;

// the header right after the login: the contract as a type only, no schemas loaded
const corporateRoute = { method: 'GET', path: '/pharmacies/corps/where' } as const;

export const corporateProfileQuery = (corpId: number) => {
  const input = { query: { id: corpId } };
  return {
    queryKey: ['clinics', corporateRoute.path, input],
    queryFn: async () =>
      (await callRoute<typeof getCorporate>(corporateRoute, input, { service: 'master' })).data ?? null,
    staleTime: 5 * 60_000,
  };
};

/**
 * The clinic name of the header (spec 2.4, 6): Super Admin and Admin see the corporate profile
 * name; a partner company's HR user their company's name; others their clinic's name, or their
 * account type when they have no clinic.
 */
export function useClinicName(user: SessionUser): string {
  const { t } = useTranslation();
  const corporate = useQuery({
    ...corporateProfileQuery(user.corpId ?? 0),
    enabled: usesCorporateName(user),
  });
  if (usesCorporateName(user)) return corporate.data?.name ?? user.dataCorporate?.name ?? '';
  // a partner company's HR user sees their company's name
  if (user.companyId !== null && user.dataCompany) return user.dataCompany.name;
  return user.dataClinic?.name ?? t(`web.accountType.${user.accountType}`);
}
