import type { z } from '@klinikita/domain/common/zod-config';
import type {
  Encounter,
  EncounterSaveInput,
  encounterFinishResultSchema,
} from '@klinikita/domain/consultations/consultation.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export type {
  EncounterContent,
  EncounterDiagnosis,
  EncounterOrderDraft,
  EncounterProcedure,
  EncounterSaveInput,
  PrescriptionItem,
  ReferralDraft,
  ServiceOrder,
} from '@klinikita/domain/consultations/consultation.schema';
export type { Encounter };
export type EncounterFinishResult = z.infer<typeof encounterFinishResultSchema>;

/** Paged answers of the consultation API. */
export interface Paged<T> {
  docs: T[];
  page: number;
  totalPages: number;
  limit: number;
  totalDocs: number;
}

/** Every encounter query lives under this key; saving, finishing and addenda refresh it. */
export const encountersKey = ['encounters'] as const;

const encounterPath = (uid: string) => `consultations/encounters/${encodeURIComponent(uid)}`;

/** `POST consultations/encounters`: the visit's note, created the first time it is opened. */
export const openEncounter = async (registrationId: string): Promise<Encounter> =>
  (await api<Encounter>('consultations/encounters', { method: 'POST', body: { registrationId } })).data!;

/**
 * Opens the note of a called registration once per screen: the answer is the starting point
 * of the draft the screen edits, so it is not refetched behind the doctor's back.
 */
export const useOpenEncounter = (registrationId: string | null) =>
  useQuery({
    queryKey: [...encountersKey, 'open', registrationId],
    queryFn: () => openEncounter(registrationId!),
    enabled: registrationId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
    gcTime: 0,
  });

/**
 * The service desks take a signed note's orders in from its `encounter.finished` event, a moment
 * after the signature: until every order has its queue number the note is read again.
 */
const ordersPending = (encounter: Encounter | undefined) =>
  encounter?.status === 'signed' && encounter.serviceOrders.some((o) => o.queueNumber === null);

/** `GET consultations/encounters/{uid}`. */
export const useEncounter = (uid: string | null) =>
  useQuery({
    queryKey: [...encountersKey, 'one', uid],
    queryFn: async () => (await api<Encounter>(encounterPath(uid!))).data!,
    enabled: uid !== null,
    refetchInterval: (query) => (ordersPending(query.state.data) ? 500 : false),
  });

/** `PUT consultations/encounters/{uid}`: the whole draft and the version it was based on. */
export const saveEncounter = async (uid: string, input: EncounterSaveInput): Promise<Encounter> =>
  (await api<Encounter>(encounterPath(uid), { method: 'PUT', body: input })).data!;

/** `POST consultations/encounters/{uid}/finish`: signs the note and sends the patient on. */
export const finishEncounter = async (uid: string, version: number): Promise<EncounterFinishResult> =>
  (await api<EncounterFinishResult>(`${encounterPath(uid)}/finish`, { method: 'POST', body: { version } }))
    .data!;

export const useAddAddendum = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ uid, text }: { uid: string; text: string }) =>
      (await api<Encounter>(`${encounterPath(uid)}/addenda`, { method: 'POST', body: { text } })).data!,
    onSuccess: () => client.invalidateQueries({ queryKey: encountersKey }),
  });
};

/** `GET consultations/patients/{uid}/encounters`: the record's visits, newest first. */
export const usePatientEncounters = (
  patientUid: string | null,
  { page = 1, limit = 20 }: { page?: number; limit?: number } = {},
) =>
  useQuery({
    queryKey: [...encountersKey, 'patient', patientUid, page, limit],
    queryFn: async () =>
      (
        await api<Paged<Encounter>>(`consultations/patients/${encodeURIComponent(patientUid!)}/encounters`, {
          query: { page, limit },
        })
      ).data!,
    enabled: patientUid !== null,
    placeholderData: keepPreviousData,
  });
