import type {
  Encounter,
  LetterCreateInput,
  RecordPatient,
} from '@klinikita/domain/consultations/consultation.schema';
import type { Letter } from '@klinikita/domain/consultations/letter.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api-client.ts';
import { encountersKey, type Paged } from '../../../shared/consultations/encounters-api.ts';

export type { Encounter, Letter, LetterCreateInput, Paged, RecordPatient };

/**
 * Patients to write a letter for: with a search, any patient with a record at the user's clinics;
 * without one, the doctor's own patients (the screen keeps today's).
 */
export const useLetterPatients = (search: string) =>
  useQuery({
    queryKey: ['record-patients', 'letters', search],
    queryFn: async () =>
      (
        await api<Paged<RecordPatient>>('consultations/patients', {
          query: search ? { search, page: 1, limit: 20 } : { mine: 'true', page: 1, limit: 50 },
        })
      ).data!,
    placeholderData: keepPreviousData,
  });

/** The patient's latest visits, newest first: the visit a letter is written from. */
export const usePatientVisits = (patientUid: string | null) =>
  useQuery({
    queryKey: [...encountersKey, 'letters-visits', patientUid],
    queryFn: async () =>
      (
        await api<Paged<Encounter>>(`consultations/patients/${encodeURIComponent(patientUid!)}/encounters`, {
          query: { page: 1, limit: 10 },
        })
      ).data!,
    enabled: patientUid !== null,
  });

export const lettersKey = ['letters'] as const;

/** `GET consultations/letters?patientId=`: the patient's letters, newest first. */
export const useLetters = (patientUid: string | null, page: number) =>
  useQuery({
    queryKey: [...lettersKey, 'patient', patientUid, page],
    queryFn: async () =>
      (
        await api<Paged<Letter>>('consultations/letters', {
          query: { patientId: patientUid!, page, limit: 10 },
        })
      ).data!,
    enabled: patientUid !== null,
    placeholderData: keepPreviousData,
  });

/** `POST consultations/letters`: answers the letter with its number; lists and the visit refresh. */
export const useCreateLetter = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: LetterCreateInput) => {
      const envelope = await api<Letter>('consultations/letters', { method: 'POST', body: input });
      return { letter: envelope.data!, message: envelope.message };
    },
    onSuccess: () => {
      client.invalidateQueries({ queryKey: lettersKey });
      client.invalidateQueries({ queryKey: encountersKey });
    },
  });
};

export const letterPdfUrl = (uid: string) =>
  `${API_BASE}/consultations/letters/${encodeURIComponent(uid)}/pdf`;
