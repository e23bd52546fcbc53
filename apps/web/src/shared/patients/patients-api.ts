import type {
  Patient,
  PatientCreateInput,
  PatientEditInput,
  PatientListQuery,
  PatientSummary,
} from '@klinikita/domain/patients/patient.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** A page of patients as `GET patients` answers it. */
export interface PatientPage {
  docs: PatientSummary[];
  page: number;
  totalPages: number;
  limit: number;
  totalDocs: number;
}

const patientsKey = ['patients'] as const;

/** Empty filters are left out of the query string. */
function listParams(query: PatientListQuery) {
  const out: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.search) out.search = query.search;
  if (query.clinicId) out.clinicId = query.clinicId;
  return out;
}

/** `enabled: false` asks nothing (the front office asks only once something is typed). */
export const usePatientList = (query: PatientListQuery, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [...patientsKey, 'list', query],
    queryFn: async () => (await api<PatientPage>('patients', { query: listParams(query) })).data!,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

export const usePatient = (uid: string | null) =>
  useQuery({
    queryKey: [...patientsKey, 'one', uid],
    queryFn: async () => (await api<Patient>(`patients/${encodeURIComponent(uid!)}`)).data!,
    enabled: uid !== null,
    gcTime: 0,
  });

function usePatientMutation<V>(call: (variables: V) => Promise<{ message: string; data?: Patient }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: patientsKey }),
  });
}

export const useCreatePatient = () =>
  usePatientMutation((input: PatientCreateInput) =>
    api<Patient>('patients', { method: 'POST', body: input }),
  );

export const useUpdatePatient = () =>
  usePatientMutation(({ uid, input }: { uid: string; input: PatientEditInput }) =>
    api<Patient>(`patients/${encodeURIComponent(uid)}`, { method: 'PATCH', body: input }),
  );
