import {
  copyServiceDay,
  getServiceHours,
  saveServiceDay,
} from '@klinikita/domain/services/service-hours.contract';
import { moduleKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';

/** A clinic's desks × weekdays (`GET service-hours`). */
export const useServiceHours = (clinicId: number) =>
  useContractQuery(getServiceHours, { query: { clinicId } });

/** Saves a desk's weekday; the hours, the week overview and the warnings refetch. */
export const useSaveServiceDay = () =>
  useContractMutation(saveServiceDay, { invalidates: [moduleKey(saveServiceDay)] });

/** Copies a desk's saved weekday onto other weekdays. */
export const useCopyServiceDay = () =>
  useContractMutation(copyServiceDay, { invalidates: [moduleKey(copyServiceDay)] });
