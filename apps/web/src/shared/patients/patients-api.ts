import type {
  PatientCreateInput,
  PatientEditInput,
  PatientListQuery,
} from '@klinikita/domain/patients/patient.schema';
import {
  createPatient,
  getPatient,
  listPatients,
  updatePatient,
} from '@klinikita/domain/patients/patients.contract';
import { checkPatientIhs } from '@klinikita/domain/satusehat/patient-ihs.contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ContractAnswer,
  call,
  contractKey,
  moduleKey,
  useContractMutation,
  useContractQuery,
} from '../api/contract-client.ts';

/**
 * `enabled: false` asks nothing (the front office asks only once something is typed); `abortable`
 * aborts a search the next key superseded.
 */
export const usePatientList = (
  query: PatientListQuery,
  options: { enabled?: boolean; abortable?: boolean } = {},
) =>
  useContractQuery(
    listPatients,
    // empty filters are left out of the query string
    {
      query: {
        page: query.page,
        limit: query.limit,
        search: query.search || undefined,
        clinicId: query.clinicId || undefined,
      },
    },
    { placeholderData: keepPreviousData, enabled: options.enabled ?? true, abortable: options.abortable },
  );

export const usePatient = (uid: string | null) =>
  useContractQuery(getPatient, { params: { uid: uid ?? '' } }, { enabled: uid !== null, gcTime: 0 });

function usePatientMutation<V>(send: (variables: V) => Promise<ContractAnswer<typeof getPatient>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: moduleKey(listPatients) }),
  });
}

export const useCreatePatient = () =>
  usePatientMutation((input: PatientCreateInput) => call(createPatient, { body: input }));

export const useUpdatePatient = () =>
  usePatientMutation(({ uid, input }: { uid: string; input: PatientEditInput }) =>
    call(updatePatient, { params: { uid }, body: input }),
  );

/** "Periksa ulang IHS": the patient's IHS number looked up again at SATUSEHAT; the patient is read again. */
export const useCheckPatientIhs = () =>
  useContractMutation(checkPatientIhs, { invalidates: [contractKey(getPatient), moduleKey(listPatients)] });
