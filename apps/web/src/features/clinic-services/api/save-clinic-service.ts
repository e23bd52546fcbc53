import { bulkSetClinicServices, setClinicService } from '@klinikita/domain/services/clinic-services.contract';
import type { ClinicService, ClinicServiceSetInput } from '@klinikita/domain/services/clinic-services.schema';
import { moduleKey, useContractMutation } from '../../../shared/api/contract-client.ts';

/** Offers, stops or changes one service at a clinic (`PUT clinic-services/{clinicId}/{serviceUid}`); the list refetches. */
export const useSetClinicService = () =>
  useContractMutation(setClinicService, { invalidates: [moduleKey(setClinicService)] });

/** Sets every active service of a group at a clinic (`POST clinic-services/{clinicId}/bulk`). */
export const useBulkSetClinicServices = () =>
  useContractMutation(bulkSetClinicServices, { invalidates: [moduleKey(bulkSetClinicServices)] });

/** The settings of a listed service, to send it back as it is (switching it on or off). */
export const setInputOf = (
  row: ClinicService,
  over: Partial<ClinicServiceSetInput> = {},
): ClinicServiceSetInput => ({
  offered: row.offered,
  room: row.room,
  queuePrefix: row.queuePrefix,
  performedAt: row.performedAt,
  performerClinicId: row.performerClinic?.id ?? null,
  partnerName: row.partnerName,
  taxCategory: row.taxOverride,
  ...over,
});
