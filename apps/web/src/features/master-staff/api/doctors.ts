import type { DoctorProfile, DoctorSummary } from '@klinikita/domain/doctors/doctor.schema';
import {
  createDoctor,
  getMasterDoctor,
  listMasterDoctors,
  updateDoctor,
} from '@klinikita/domain/doctors/doctors.contract';
import type {
  DoctorCreateInput,
  DoctorListQuery,
  DoctorUpdateInput,
} from '@klinikita/domain/employees/profile.schema';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, moduleKey, useContractQuery } from '../../../shared/api/contract-client.ts';
import { wireFlag } from './list-query.ts';

/** One row of the doctor list (`settings/master/doctors/where` without id). */
export type MasterDoctorRow = DoctorSummary;
/** One doctor as `settings/master/doctors/where?id=` answers it (the doctor profile of spec 3). */
export type MasterDoctorDetail = DoctorProfile;

export const useMasterDoctors = ({ enabled, ...query }: Omit<DoctorListQuery, 'id'>) =>
  useContractQuery(
    listMasterDoctors,
    { query: { ...query, enabled: wireFlag(enabled) } },
    { placeholderData: keepPreviousData },
  );

export const useMasterDoctor = (doctorId: number | null) =>
  useContractQuery(
    getMasterDoctor,
    { query: { id: doctorId ?? 0 } },
    // the edit form starts from what is stored now, not from a cached copy
    { enabled: doctorId !== null, gcTime: 0 },
  );

function useDoctorMutation<V>(send: (variables: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: moduleKey(listMasterDoctors) }),
  });
}

export const useCreateDoctor = () =>
  useDoctorMutation((input: DoctorCreateInput) => call(createDoctor, { body: input }));

export const useUpdateDoctor = () =>
  useDoctorMutation((input: DoctorUpdateInput) => call(updateDoctor, { body: input }));
