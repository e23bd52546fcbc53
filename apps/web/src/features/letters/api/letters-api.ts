import type { Paged } from '@klinikita/domain/common/paged';
import { listRecordPatients, patientTimeline } from '@klinikita/domain/consultations/consultations.contract';
import type { Encounter } from '@klinikita/domain/consultations/encounter.schema';
import type { Letter, LetterCreateInput } from '@klinikita/domain/consultations/letter.schema';
import { createLetter, letterPdf, listLetters } from '@klinikita/domain/consultations/letters.contract';
import type { RecordPatient } from '@klinikita/domain/consultations/record.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fetchData } from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';
import { encountersKey } from '../../../shared/consultations/encounters-api.ts';

export type { Encounter, Letter, LetterCreateInput, Paged, RecordPatient };

/**
 * Patients to write a letter for: with a search, any patient with a record at the user's clinics;
 * without one, the doctor's own patients (the screen keeps today's).
 */
export const useLetterPatients = (search: string) =>
  useQuery({
    queryKey: ['record-patients', 'letters', search],
    queryFn: () =>
      fetchData(listRecordPatients, {
        query: search ? { search, page: 1, limit: 20 } : { mine: 'true', page: 1, limit: 50 },
      }),
    placeholderData: keepPreviousData,
  });

/** The patient's latest visits, newest first: the visit a letter is written from. */
export const usePatientVisits = (patientUid: string | null) =>
  useQuery({
    queryKey: [...encountersKey, 'letters-visits', patientUid],
    queryFn: () =>
      fetchData(patientTimeline, { params: { uid: patientUid! }, query: { page: 1, limit: 10 } }),
    enabled: patientUid !== null,
  });

export const lettersKey = ['letters'] as const;

/** `GET consultations/letters?patientId=`: the patient's letters, newest first. */
export const useLetters = (patientUid: string | null, page: number) =>
  useQuery({
    queryKey: [...lettersKey, 'patient', patientUid, page],
    queryFn: () => fetchData(listLetters, { query: { patientId: patientUid!, page, limit: 10 } }),
    enabled: patientUid !== null,
    placeholderData: keepPreviousData,
  });

/** `POST consultations/letters`: answers the letter with its number; lists and the visit refresh. */
export const useCreateLetter = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: LetterCreateInput) => {
      const envelope = await call(createLetter, { body: input });
      return { letter: envelope.data!, message: envelope.message };
    },
    onSuccess: () => {
      client.invalidateQueries({ queryKey: lettersKey });
      client.invalidateQueries({ queryKey: encountersKey });
    },
  });
};

/** The printed letter (a raw PDF answer), opened in a new tab by the browser. */
export const letterPdfUrl = (uid: string) =>
  `${API_BASE}${letterPdf.path.replace(':uid', encodeURIComponent(uid))}`;
