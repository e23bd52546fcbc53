import type { ServiceType } from '@klinikita/domain/registrations/registration.rules';
import {
  createRegistration,
  getLabPreAss,
  getRegistration,
  listAvailableDoctors,
  listPartnerCompanies,
  listRegistrations,
  listServiceQueue,
  patchRegistration,
} from '@klinikita/domain/registrations/registrations.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ContractBody, call, fetchData } from '../api/contract-client.ts';
import { type RegistrationListParams, registrationQuery } from './registration-query.ts';

export { type RegistrationListParams, registrationQuery } from './registration-query.ts';

/** Every registration query lives under this key; live events invalidate it. */
export const registrationsKey = ['registrations'] as const;

/** A page of registrations (`GET registrations/registrations`). */
export const fetchRegistrations = (params: RegistrationListParams) =>
  fetchData(listRegistrations, { query: registrationQuery(params) }, { service: 'registration' });

export const useRegistrations = (params: RegistrationListParams | null) =>
  useQuery({
    queryKey: [...registrationsKey, 'list', params],
    queryFn: () => fetchRegistrations(params!),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

export interface LabListParams {
  clinicId: number;
  serviceType: ServiceType[];
  startDate: string;
  endDate: string;
  limit?: number;
  page?: number;
  search?: string;
}

/** The lab list (spec 3): its rows travel as the envelope's data, the client reads them as a page. */
export const useLabList = (params: LabListParams | null) =>
  useQuery({
    queryKey: [...registrationsKey, 'lab', params],
    queryFn: () => {
      const p = params!;
      return fetchData(
        listServiceQueue,
        {
          query: {
            order: 'arrivedAt_1',
            orderType: 'service',
            serviceType: p.serviceType.join('_'),
            clinicId: p.clinicId,
            startDate: p.startDate,
            endDate: p.endDate,
            limit: p.limit ?? 50,
            page: p.page,
            search: p.search || undefined,
          },
        },
        { service: 'registration' },
      );
    },
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

export const useLabPreAss = (id: string | null) =>
  useQuery({
    queryKey: [...registrationsKey, 'labpreass', id],
    queryFn: () => fetchData(getLabPreAss, { params: { id: id! } }, { service: 'assesment' }),
    enabled: id !== null,
  });

export const useRegistration = (id: string | null) =>
  useQuery({
    queryKey: [...registrationsKey, 'one', id],
    queryFn: () => fetchData(getRegistration, { params: { id: id! } }, { service: 'registration' }),
    enabled: id !== null,
  });

export const useAvailableDoctors = (clinicId: number | null, date?: string) =>
  useQuery({
    queryKey: [...registrationsKey, 'doctors', clinicId, date],
    queryFn: () => fetchData(listAvailableDoctors, { query: { clinicId: clinicId!, date } }),
    enabled: clinicId !== null,
  });

export const usePartnerCompanies = () =>
  useQuery({
    queryKey: ['partner-companies'],
    queryFn: () => fetchData(listPartnerCompanies),
    staleTime: 5 * 60_000,
  });

export const useCreateRegistration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContractBody<typeof createRegistration>) =>
      call(createRegistration, { body: input }, { service: 'registration' }),
    onSuccess: () => client.invalidateQueries({ queryKey: registrationsKey }),
  });
};

/** A move or lab flags of one registration: its id and the PATCH body. */
export type RegistrationPatch = { id: string } & ContractBody<typeof patchRegistration>;

/** `PATCH registrations/registrations/{id}`: call, skip, status changes and the lab flags. */
export const usePatchRegistration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RegistrationPatch) =>
      call(patchRegistration, { params: { id }, body }, { service: 'registration' }),
    onSettled: () => client.invalidateQueries({ queryKey: registrationsKey }),
  });
};
