import type { Endpoint } from '@klinikita/domain/common/contract';
import {
  amendRadiologyReport,
  getRadiologyWork,
  listPatientRadiologyReports,
  radiologyWorklist,
  removeRadiologyImage,
  saveRadiologyDraft,
  signRadiologyReport,
} from '@klinikita/domain/radiology/radiology.contract';
import type { RadiologyWork } from '@klinikita/domain/radiology/radiology.schema';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  adoptAnswer,
  contractKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';
import { API_BASE, ApiError } from '../../../shared/api-client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';

export type { RadiologyWork } from '@klinikita/domain/radiology/radiology.schema';

export const radiologyWorkKey = (registrationId: string) =>
  contractKey(getRadiologyWork, { params: { registrationId } });

/** `GET radiology/visits/:registrationId`: the order, the report and its versions, the images. */
export const useRadiologyWork = (registrationId: string) =>
  useContractQuery(getRadiologyWork, { params: { registrationId } });

export const useRadiologyWorklist = (query: {
  clinicId: number;
  date?: string;
  status?: 'none' | 'draft' | 'signed';
  search?: string;
  page: number;
  limit: number;
}) => useContractQuery(radiologyWorklist, { query }, { placeholderData: keepPreviousData });

/** A patient's signed reports (the doctor's card). */
export const usePatientRadiologyReports = (uid: string, enabled = true) =>
  useContractQuery(listPatientRadiologyReports, { params: { uid } }, { enabled });

/** Every write answers the visit's work as it now is: it becomes the cached answer at once; the worklist refetches. */
function useRadiologyWrite<E extends Endpoint>(contract: E) {
  const client = useQueryClient();
  return useContractMutation(contract, {
    onSuccess: async (answer) => {
      const work = answer.data as RadiologyWork | undefined;
      if (work) await adoptAnswer(client, radiologyWorkKey(work.registrationId), work);
    },
    invalidates: [contractKey(radiologyWorklist), contractKey(listPatientRadiologyReports)],
  });
}

export const useSaveRadiologyDraft = () => useRadiologyWrite(saveRadiologyDraft);
export const useSignRadiologyReport = () => useRadiologyWrite(signRadiologyReport);
export const useAmendRadiologyReport = () => useRadiologyWrite(amendRadiologyReport);
export const useRemoveRadiologyImage = () => useRadiologyWrite(removeRadiologyImage);

export const radiologyPdfUrl = (registrationId: string) =>
  `${API_BASE}/radiology/visits/${encodeURIComponent(registrationId)}/pdf`;

/**
 * Uploads one file to the visit with its progress (fetch cannot report an upload's progress):
 * resolves with the visit's work and message, rejects with the server's message as an ApiError.
 */
export function uploadRadiologyImage(
  registrationId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ work: RadiologyWork; message: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/radiology/visits/${encodeURIComponent(registrationId)}/images`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', currentLocale());
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network'));
    xhr.onload = () => {
      let envelope: { status?: boolean; message?: string; data?: RadiologyWork } | null = null;
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch {
        envelope = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.data)
        resolve({ work: envelope.data, message: envelope.message ?? '' });
      else reject(new ApiError(xhr.status, envelope?.message ?? xhr.statusText));
    };
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/** After an upload: the answer becomes the cached work. */
export function useUploadedWork() {
  const client = useQueryClient();
  return (work: RadiologyWork) => {
    void adoptAnswer(client, radiologyWorkKey(work.registrationId), work);
    void client.invalidateQueries({ queryKey: contractKey(radiologyWorklist) });
  };
}
