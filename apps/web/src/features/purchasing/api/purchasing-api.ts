import { listDrugs } from '@klinikita/domain/drugs/drugs.contract';
import { getItemStockSettings, listStockLocations } from '@klinikita/domain/inventory/inventory.contract';
import {
  actOnOrder,
  createOrder,
  createReceipt,
  createReturn,
  createSupplier,
  getOrder,
  getReceipt,
  listOrders,
  listReceipts,
  listReturns,
  listSuppliers,
  updateOrder,
  updateSupplier,
} from '@klinikita/domain/purchasing/purchasing.contract';
import type { PoStatus } from '@klinikita/domain/purchasing/purchasing.rules';
import { keepPreviousData } from '@tanstack/react-query';
import { moduleKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';

export type {
  OrderDetail,
  OrderSummary,
  ReceiptDetail,
  ReceiptSummary,
  ReturnSummary,
  Supplier,
} from '@klinikita/domain/purchasing/purchasing-answers.schema';

interface Paging {
  search?: string;
  page: number;
  limit: number;
}

/** `GET purchasing/suppliers`: searched, by active, paged. */
export const useSuppliers = (query: Paging & { active?: 'true' | 'false' }) =>
  useContractQuery(listSuppliers, { query }, { placeholderData: keepPreviousData });

/** `GET purchasing/orders`: a clinic's orders by status, searched, paged. */
export const useOrders = (query: Paging & { clinicId: number; status?: PoStatus }) =>
  useContractQuery(listOrders, { query }, { placeholderData: keepPreviousData });

/** `GET purchasing/orders/:uid` */
export const useOrder = (uid: string | null) =>
  useContractQuery(getOrder, { params: { uid: uid ?? '' } }, { enabled: Boolean(uid) });

/** `GET purchasing/receipts`: a clinic's receipts, searched, paged. */
export const useReceipts = (query: Paging & { clinicId: number }) =>
  useContractQuery(listReceipts, { query }, { placeholderData: keepPreviousData });

/** `GET purchasing/receipts/:uid` */
export const useReceipt = (uid: string | null) =>
  useContractQuery(getReceipt, { params: { uid: uid ?? '' } }, { enabled: Boolean(uid) });

/** `GET purchasing/returns`: a clinic's returns to suppliers. */
export const useReturns = (query: Paging & { clinicId: number }) =>
  useContractQuery(listReturns, { query }, { placeholderData: keepPreviousData });

/** The clinic's stock locations (the order's destination). */
export const useLocations = (clinicId: number) =>
  useContractQuery(listStockLocations, { query: { clinicId } }, { staleTime: 60_000 });

/** The drug master searched as the user types (an order line's item). */
export const useDrugSearch = (search: string) =>
  useContractQuery(
    listDrugs,
    { query: { search: search || undefined, active: 'true', page: 1, limit: 20 } },
    { placeholderData: keepPreviousData, abortable: true },
  );

/** The item's base unit and packaging units. */
export const useItemUnits = (itemUid: string | null) =>
  useContractQuery(
    getItemStockSettings,
    { params: { itemUid: itemUid ?? '' } },
    { enabled: Boolean(itemUid) },
  );

// every write changes lists and details of the module, and the stock the screens show
const writes = { invalidates: [moduleKey(listOrders), moduleKey(listStockLocations)] };
export const useCreateSupplier = () => useContractMutation(createSupplier, writes);
export const useUpdateSupplier = () => useContractMutation(updateSupplier, writes);
export const useCreateOrder = () => useContractMutation(createOrder, writes);
export const useUpdateOrder = () => useContractMutation(updateOrder, writes);
export const useActOnOrder = () => useContractMutation(actOnOrder, writes);
export const useCreateReceipt = () => useContractMutation(createReceipt, writes);
export const useCreateReturn = () => useContractMutation(createReturn, writes);
