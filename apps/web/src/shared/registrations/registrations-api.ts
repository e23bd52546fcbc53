import type { RegistrationStatus, ServiceType } from '@klinikita/domain/registrations/registration.rules';
import type {
  AvailableDoctor,
  LabPreAss,
  PartnerCompany,
  Registration,
  RegistrationCreateInput,
} from '@klinikita/domain/registrations/registration.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api, request } from '../api-client.ts';

/** Every registration query lives under this key; live events invalidate it. */
export const registrationsKey = ['registrations'] as const;

export interface RegistrationPage {
  docs: Registration[];
  page: number;
  totalPages: number;
  limit: number;
  totalDocs: number;
}

/** `GET registrations/registrations` as spec 7 sends it. Dates are D_M_Y; endDate is exclusive. */
export interface RegistrationListParams {
  clinicId: number;
  order?: 'arrivedAt_1' | 'arrivedAt_-1' | 'queueNumber_-1' | 'queueNumber_1';
  limit?: number;
  page?: number;
  orderType?: 'doctor' | 'service';
  serviceType?: ServiceType[];
  status?: RegistrationStatus[];
  doctorId?: number;
  startDate?: string;
  endDate?: string;
  search?: string;
}

export function registrationQuery(p: RegistrationListParams): Record<string, string | number | undefined> {
  return {
    clinicId: p.clinicId,
    order: p.order ?? 'arrivedAt_1',
    limit: p.limit,
    page: p.page,
    orderType: p.orderType,
    serviceType: p.serviceType?.length ? p.serviceType.join('_') : undefined,
    status: p.status?.length ? p.status.join('_') : undefined,
    'doctor.doctorId': p.doctorId,
    startDate: p.startDate,
    endDate: p.endDate,
    search: p.search || undefined,
  };
}

export const useRegistrations = (params: RegistrationListParams | null) =>
  useQuery({
    queryKey: [...registrationsKey, 'list', params],
    queryFn: async () =>
      (
        await api<RegistrationPage>('registrations/registrations', {
          query: registrationQuery(params!),
          service: 'registration',
        })
      ).data!,
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

/** The lab list envelope: the rows in `data`, paging beside it (spec 3). */
export interface LabListAnswer {
  data: Registration[];
  page: number;
  totalPages: number;
  limit: number;
  totalDocs: number;
}

export interface LabListParams {
  clinicId: number;
  serviceType: ServiceType[];
  startDate: string;
  endDate: string;
  limit?: number;
  page?: number;
  search?: string;
}

export const useLabList = (params: LabListParams | null) =>
  useQuery({
    queryKey: [...registrationsKey, 'lab', params],
    queryFn: async () => {
      const p = params!;
      const answer = (await request<Registration[]>(
        `${API_BASE}/registrations/registrations/lab/mcu/populate/labpreass`,
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
          service: 'registration',
        },
      )) as unknown as LabListAnswer;
      return answer;
    },
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

export const useLabPreAss = (id: string | null) =>
  useQuery({
    queryKey: [...registrationsKey, 'labpreass', id],
    queryFn: async () =>
      (
        await api<LabPreAss>(`assesments/lab_mcu_assesment/LabPreAss/${encodeURIComponent(id!)}`, {
          service: 'assesment',
        })
      ).data!,
    enabled: id !== null,
  });

export const useRegistration = (id: string | null) =>
  useQuery({
    queryKey: [...registrationsKey, 'one', id],
    queryFn: async () =>
      (
        await api<Registration>(`registrations/registrations/${encodeURIComponent(id!)}`, {
          service: 'registration',
        })
      ).data!,
    enabled: id !== null,
  });

export const useAvailableDoctors = (clinicId: number | null, date?: string) =>
  useQuery({
    queryKey: [...registrationsKey, 'doctors', clinicId, date],
    queryFn: async () =>
      (
        await api<AvailableDoctor[]>('registrations/doctors/available', {
          query: { clinicId: clinicId!, date },
        })
      ).data!,
    enabled: clinicId !== null,
  });

export const usePartnerCompanies = () =>
  useQuery({
    queryKey: ['partner-companies'],
    queryFn: async () => (await api<PartnerCompany[]>('registrations/companies')).data!,
    staleTime: 5 * 60_000,
  });

export const useCreateRegistration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationCreateInput) =>
      api<Registration>('registrations/registrations', {
        method: 'POST',
        body: input,
        service: 'registration',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: registrationsKey }),
  });
};

export interface RegistrationPatch {
  id: string;
  clinicId: number;
  doctorId?: number | null;
  /** The status the screen showed: a move made meanwhile by someone else answers 409. */
  fromStatus?: RegistrationStatus;
  updateField: {
    status?: RegistrationStatus;
    flaggingSamplingDone?: boolean;
    dataLabPreAss?: { isDone?: boolean; radDone?: boolean };
  };
}

/** `PATCH registrations/registrations/{id}`: call, skip, status changes and the lab flags. */
export const usePatchRegistration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RegistrationPatch) =>
      api<Registration>(`registrations/registrations/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
        service: 'registration',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: registrationsKey }),
  });
};
