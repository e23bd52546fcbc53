import type {
  DoctorCreateInput,
  DoctorListQuery,
  DoctorUpdateInput,
} from '@klinikita/domain/employees/profile.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';
import { type PagedList, toQuery } from './list-query.ts';

/** One row of the doctor list (contract: `settings/master/doctors/where` without id). */
export interface MasterDoctorRow {
  doctorId: number;
  userId?: string | null;
  name: string;
  title: string | null;
  specialist: string | null;
  enabled: boolean;
  clinics: { id: number; name: string }[];
  mobilePhone: string | null;
  email: string | null;
  photo: string | null;
}

/** One doctor as `settings/master/doctors/where?id=` answers it (the doctor profile of spec 3). */
export interface MasterDoctorDetail {
  doctorId: number;
  userId?: string | null;
  name: string;
  title: string | null;
  profile: string | null;
  specialist: string | null;
  specialistId: string | number | null;
  enabled: boolean;
  identificationNumber: string | null;
  passport?: string | null;
  others?: string | null;
  mobilePhone: string | null;
  address: string | null;
  dob: string | null;
  email: string | null;
  gender: 'M' | 'F' | 'N' | null;
  username: string | null;
  Clinics: { id: number; name: string }[];
}

const doctorsKey = ['master-staff', 'doctors'] as const;

export const useMasterDoctors = (query: Omit<DoctorListQuery, 'id'>) =>
  useQuery({
    queryKey: [...doctorsKey, 'list', query],
    queryFn: async () =>
      (
        await api<PagedList<MasterDoctorRow>>('settings/master/doctors/where', {
          query: toQuery({ ...query }),
        })
      ).data!,
    placeholderData: keepPreviousData,
  });

export async function getMasterDoctor(doctorId: number): Promise<MasterDoctorDetail> {
  return (await api<MasterDoctorDetail>('settings/master/doctors/where', { query: { id: doctorId } })).data!;
}

export const useMasterDoctor = (doctorId: number | null) =>
  useQuery({
    queryKey: [...doctorsKey, 'one', doctorId],
    queryFn: () => getMasterDoctor(doctorId!),
    enabled: doctorId !== null,
    // the edit form starts from what is stored now, not from a cached copy
    gcTime: 0,
  });

function useDoctorMutation<V>(call: (variables: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: doctorsKey }),
  });
}

export const useCreateDoctor = () =>
  useDoctorMutation((input: DoctorCreateInput) => api('settings/doctors', { method: 'POST', body: input }));

export const useUpdateDoctor = () =>
  useDoctorMutation((input: DoctorUpdateInput) => api('settings/doctors', { method: 'PATCH', body: input }));
