// types only: the doctors contract would bring the staff schemas (and their words) with it
import type { listSpecialists } from '@klinikita/domain/doctors/doctors.contract';
import type { PriceAddInput, ServiceSaveInput } from '@klinikita/domain/services/service.schema';
import {
  addServicePrice,
  createService,
  deactivateService,
  endServicePrice,
  exportServices,
  getService,
  importServices,
  listServices,
  reactivateService,
  updateService,
} from '@klinikita/domain/services/services.contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContractQuery,
  call,
  callRoute,
  moduleKey,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';

/** The service master's calls (`/services…`), from the domain contracts. */

/** A page of the service master. */
export const useServices = (query: ContractQuery<typeof listServices>, enabled = true) =>
  useContractQuery(listServices, { query }, { placeholderData: keepPreviousData, enabled });

/** One service with its items and price periods. */
export const useService = (uid: string | null) =>
  useContractQuery(getService, { params: { uid: uid ?? '' } }, { enabled: uid !== null });

/** Specialists to choose for a specialist consultation. */
export const useSpecialists = () =>
  useQuery({
    queryKey: ['doctors', '/doctors/specialists'],
    queryFn: async () =>
      (await callRoute<typeof listSpecialists>({ method: 'GET', path: '/doctors/specialists' })).data
        ?.specialists ?? [],
    staleTime: 10 * 60 * 1000,
  });

/** Every read of the module refetches after a write (the list's prices, the open service). */
function useServicesMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: moduleKey(listServices) }),
  });
}

/** Adds a service (no uid) or changes one. */
export const useSaveService = () =>
  useServicesMutation(({ uid, input }: { uid: string | null; input: ServiceSaveInput }) =>
    uid ? call(updateService, { params: { uid }, body: input }) : call(createService, { body: input }),
  );

/** Deactivates (never deletes) or reactivates a service. */
export const useSetServiceActive = () =>
  useServicesMutation(({ uid, active }: { uid: string; active: boolean }) =>
    call(active ? reactivateService : deactivateService, { params: { uid } }),
  );

export const useAddPrice = () =>
  useServicesMutation(({ uid, input }: { uid: string; input: PriceAddInput }) =>
    call(addServicePrice, { params: { uid }, body: input }),
  );

export const useEndPrice = () =>
  useServicesMutation(({ uid, priceUid, validTo }: { uid: string; priceUid: string; validTo: string }) =>
    call(endServicePrice, { params: { uid, priceUid }, body: { validTo } }),
  );

/** The workbook of the whole master: a raw answer, downloaded by URL. */
export const exportUrl = () => `${API_BASE}${exportServices.path}`;

/** Uploads a workbook (field `file`); a refusal (422) carries the bad cells in the ApiError's data. */
export const useImportServices = () =>
  useServicesMutation((file: File) => {
    const body = new FormData();
    body.append('file', file);
    return call(importServices, { body });
  });
