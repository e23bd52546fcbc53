import type { EndpointResponse } from '@klinikita/domain/common/contract';
import type { Paged } from '@klinikita/domain/common/paged';
import {
  addAddendum,
  finishEncounter as finishContract,
  openEncounter as openContract,
  patientTimeline,
  readEncounter,
  saveEncounter as saveContract,
} from '@klinikita/domain/consultations/consultations.contract';
import type { Encounter, EncounterSaveInput } from '@klinikita/domain/consultations/encounter.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '../api/contract-client.ts';

export type {
  EncounterContent,
  EncounterDiagnosis,
  EncounterOrderDraft,
  EncounterProcedure,
  EncounterSaveInput,
  PrescriptionItem,
  ReferralDraft,
  ServiceOrder,
} from '@klinikita/domain/consultations/encounter.schema';
export type { Encounter, Paged };
export type EncounterFinishResult = EndpointResponse<typeof finishContract>;

/** Every encounter query lives under this key; saving, finishing and addenda refresh it. */
export const encountersKey = ['encounters'] as const;

/** `POST consultations/encounters`: the visit's note, created the first time it is opened. */
export const openEncounter = (registrationId: string): Promise<Encounter> =>
  fetchData(openContract, { body: { registrationId } });

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
    queryFn: () => fetchData(readEncounter, { params: { uid: uid! } }),
    enabled: uid !== null,
    refetchInterval: (query) => (ordersPending(query.state.data) ? 500 : false),
  });

/** `PUT consultations/encounters/{uid}`: the whole draft and the version it was based on. */
export const saveEncounter = (uid: string, input: EncounterSaveInput): Promise<Encounter> =>
  fetchData(saveContract, { params: { uid }, body: input });

/** `POST consultations/encounters/{uid}/finish`: signs the note and sends the patient on. */
export const finishEncounter = (uid: string, version: number): Promise<EncounterFinishResult> =>
  fetchData(finishContract, { params: { uid }, body: { version } });

export const useAddAddendum = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, text }: { uid: string; text: string }) =>
      fetchData(addAddendum, { params: { uid }, body: { text } }),
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
    queryFn: () => fetchData(patientTimeline, { params: { uid: patientUid! }, query: { page, limit } }),
    enabled: patientUid !== null,
    placeholderData: keepPreviousData,
  });
