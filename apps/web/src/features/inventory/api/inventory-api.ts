import { listDrugs } from '@klinikita/domain/drugs/drugs.contract';
import {
  adjustStock,
  checkStockConsistency,
  createStockLocation,
  getItemStockSettings,
  getStockAlerts,
  getStockCard,
  listLocationStock,
  listStockLocations,
  receiveStock,
  transferStock,
} from '@klinikita/domain/inventory/inventory.contract';
import { getLabConsumables, saveLabConsumables } from '@klinikita/domain/inventory/lab-consumables.contract';
import { keepPreviousData } from '@tanstack/react-query';
import { moduleKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';

export type {
  CardEntry,
  Consistency,
  StockAlerts,
  StockItem,
  StockLocation,
} from '@klinikita/domain/inventory/stock.schema';

/** `GET inventory/locations`: the clinic's stock locations. */
export const useStockLocations = (clinicId: number) =>
  useContractQuery(listStockLocations, { query: { clinicId } }, { staleTime: 60_000 });

/** `GET inventory/locations/:uid/stock`: the items held at a location, searched and paged. */
export const useLocationStock = (
  uid: string | null,
  query: { search?: string; kind?: 'drug' | 'consumable'; page: number; limit: number },
) =>
  useContractQuery(
    listLocationStock,
    { params: { uid: uid ?? '' }, query },
    { enabled: uid !== null, placeholderData: keepPreviousData },
  );

/** `GET inventory/locations/:uid/items/:itemUid/card`: the stock card, newest first, paged. */
export const useStockCard = (uid: string, itemUid: string, page: number) =>
  useContractQuery(
    getStockCard,
    { params: { uid, itemUid }, query: { page, limit: 20 } },
    { placeholderData: keepPreviousData },
  );

/** `GET inventory/items/:itemUid`: the item's base unit and packaging units. */
export const useItemSettings = (itemUid: string | null) =>
  useContractQuery(
    getItemStockSettings,
    { params: { itemUid: itemUid ?? '' } },
    { enabled: Boolean(itemUid) },
  );

/** `GET inventory/alerts`: below minimum, near expiry, dead stock. */
export const useStockAlerts = (clinicId: number) => useContractQuery(getStockAlerts, { query: { clinicId } });

/** `GET inventory/consistency`, run when asked. */
export const useConsistency = (clinicId: number, enabled: boolean) =>
  useContractQuery(checkStockConsistency, { query: { clinicId } }, { enabled, staleTime: 0 });

/** The drug master searched as the user types (the receive form's item picker). */
export const useDrugSearch = (search: string, enabled: boolean) =>
  useContractQuery(
    listDrugs,
    { query: { search: search || undefined, active: 'true', page: 1, limit: 20 } },
    { enabled, placeholderData: keepPreviousData, abortable: true },
  );

// every write changes lists, cards and alerts: the whole module refetches
const writes = { invalidates: [moduleKey(listStockLocations)] };
export const useReceiveStock = () => useContractMutation(receiveStock, writes);
export const useTransferStock = () => useContractMutation(transferStock, writes);
export const useAdjustStock = () => useContractMutation(adjustStock, writes);
export const useCreateLocation = () => useContractMutation(createStockLocation, writes);

/** `GET inventory/lab-consumables`: what a lab sample takes from the lab's stock. */
export const useLabConsumables = (clinicId: number) =>
  useContractQuery(getLabConsumables, { query: { clinicId } });
export const useSaveLabConsumables = () =>
  useContractMutation(saveLabConsumables, { invalidates: [moduleKey(getLabConsumables)] });
