import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

export interface ClinicChoice {
  id: number;
  uid: string;
  name: string;
}
export interface SpecialistChoice {
  _id: string | number;
  name: string;
}
export interface RoleChoice {
  _id: string;
  role: string;
}

/** Reference lists change rarely; a failed load leaves the list empty (spec 8). */
const STALE_MS = 5 * 60_000;

/** The clinics of the corporate the caller may touch (`registrations/clinics/`, service master). */
export const useClinicChoices = (corpId: number | null) =>
  useQuery({
    queryKey: ['master-staff', 'clinics', corpId],
    queryFn: async () =>
      (
        await api<ClinicChoice[]>('registrations/clinics/', {
          query: { CorpId: corpId ?? undefined },
          service: 'master',
        })
      ).data ?? [],
    staleTime: STALE_MS,
  });

export const useSpecialistChoices = () =>
  useQuery({
    queryKey: ['master-staff', 'specialists'],
    queryFn: async () =>
      (await api<{ specialists: SpecialistChoice[] }>('doctors/specialists')).data?.specialists ?? [],
    staleTime: STALE_MS,
  });

export const useRoleChoices = () =>
  useQuery({
    queryKey: ['master-staff', 'roles'],
    queryFn: async () => (await api<RoleChoice[]>('settings/roles/findAll')).data ?? [],
    staleTime: STALE_MS,
  });
