import {
  approveDenialWriteOff,
  listPayerDenials,
  reclaimPayerDenial,
  recordPayerDenials,
  requestDenialWriteOff,
} from '@klinikita/domain/billing/payer-claims.contract';
import {
  approvePayerInvoice,
  approveWriteOff,
  cancelPayerInvoice,
  createPayerInvoice,
  disputePayerInvoice,
  getPayerInvoice,
  getPayerInvoiceSettings,
  listPayerInvoices,
  listPayers,
  openReceivables,
  payerInvoicePdf,
  receivablesAging,
  recordPayerPayment,
  requestWriteOff,
  resolvePayerInvoice,
  savePayerInvoiceSettings,
  sendPayerInvoice,
} from '@klinikita/domain/billing/payer-invoices.contract';
import type { PayerInvoiceStatus } from '@klinikita/domain/billing/payer-invoices.rules';
import { keepPreviousData } from '@tanstack/react-query';
import { moduleKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';

export type { PayerClaim, PayerDenial } from '@klinikita/domain/billing/payer-claims.schema';
export type {
  AgingRow,
  PayerInvoice,
  PayerInvoiceSummary,
} from '@klinikita/domain/billing/payer-invoices.schema';

/** The calls of the bills to companies and insurers (`/billing/payer-invoices…`), from the contracts. */

/** Every read of the module refetches after a write (the list, the open invoice, the aging). */
const everything = [moduleKey(listPayerInvoices)];

export interface InvoiceFilters {
  clinicId: number;
  status?: PayerInvoiceStatus;
  payer?: string;
  search?: string;
  page: number;
}

export const usePayerInvoices = (f: InvoiceFilters) =>
  useContractQuery(listPayerInvoices, { query: { ...f, limit: 20 } }, { placeholderData: keepPreviousData });

export const usePayerInvoice = (uid: string | null) =>
  useContractQuery(getPayerInvoice, { params: { uid: uid ?? '' } }, { enabled: Boolean(uid) });

export const usePayers = (clinicId: number) => useContractQuery(listPayers, { query: { clinicId } });

export const useOpenReceivables = (q: { clinicId: number; payer: string; from: string; to: string } | null) =>
  useContractQuery(
    openReceivables,
    { query: q ?? { clinicId: 0, payer: '', from: '', to: '' } },
    { enabled: q !== null },
  );

export const useAging = (clinicId: number, asOf: string) =>
  useContractQuery(receivablesAging, { query: { clinicId, asOf } });

export const useCreateInvoice = () => useContractMutation(createPayerInvoice, { invalidates: everything });
export const useRecordPayment = () => useContractMutation(recordPayerPayment, { invalidates: everything });

export const useApprove = () => useContractMutation(approvePayerInvoice, { invalidates: everything });
export const useSend = () => useContractMutation(sendPayerInvoice, { invalidates: everything });
export const useResolve = () => useContractMutation(resolvePayerInvoice, { invalidates: everything });
export const useApproveWriteOff = () => useContractMutation(approveWriteOff, { invalidates: everything });
export const useDispute = () => useContractMutation(disputePayerInvoice, { invalidates: everything });
export const useRequestWriteOff = () => useContractMutation(requestWriteOff, { invalidates: everything });
export const useCancel = () => useContractMutation(cancelPayerInvoice, { invalidates: everything });

/** An insurer's claim batch: its denials and the bill lines of its visits. */
export const usePayerDenials = (uid: string, enabled = true) =>
  useContractQuery(listPayerDenials, { params: { uid } }, { enabled });
export const useRecordDenials = () => useContractMutation(recordPayerDenials, { invalidates: everything });
export const useReclaimDenial = () => useContractMutation(reclaimPayerDenial, { invalidates: everything });
export const useRequestDenialWriteOff = () =>
  useContractMutation(requestDenialWriteOff, { invalidates: everything });
export const useApproveDenialWriteOff = () =>
  useContractMutation(approveDenialWriteOff, { invalidates: everything });

export const useInvoiceSettings = (clinicId: number) =>
  useContractQuery(getPayerInvoiceSettings, { query: { clinicId } });
export const useSaveInvoiceSettings = () =>
  useContractMutation(savePayerInvoiceSettings, { invalidates: everything });

/** The invoice's PDF, opened by the browser in a new tab (the session cookie goes with it). */
export const invoicePdfUrl = (uid: string) =>
  `${API_BASE}${payerInvoicePdf.path.replace(':uid', encodeURIComponent(uid))}`;
