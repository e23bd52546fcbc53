import {
  confirmLabImport,
  getLabWorklist,
  previewLabImport,
  saveLabWorklist,
} from '@klinikita/domain/lab/lab-worklist.contract';
import type { LabWorklistQuery } from '@klinikita/domain/lab/lab-worklist.schema';
import { keepPreviousData } from '@tanstack/react-query';
import { contractKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';

export type {
  LabImportPreview,
  LabWorklist,
  LabWorklistRow,
} from '@klinikita/domain/lab/lab-worklist.schema';

/** `GET lab/worklist`: the day's tests and, with `serviceUid`, that test's grid (the page before stays while the next loads). */
export const useLabWorklist = (query: Partial<LabWorklistQuery> & { clinicId: number }) =>
  useContractQuery(getLabWorklist, { query } as never, { placeholderData: keepPreviousData });

const worklistKey = contractKey(getLabWorklist);

export const useSaveLabWorklist = () => useContractMutation(saveLabWorklist, { invalidates: [worklistKey] });
export const usePreviewLabImport = () => useContractMutation(previewLabImport);
export const useConfirmLabImport = () =>
  useContractMutation(confirmLabImport, { invalidates: [worklistKey] });
