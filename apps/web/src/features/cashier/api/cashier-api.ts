import {
  addCharge,
  addDiscount,
  adjustBill,
  decideAdjustment,
  getVisitBill,
  payBill,
  reversePayment,
} from '@klinikita/domain/billing/billing.contract';
import type { PaymentAnswer } from '@klinikita/domain/billing/billing.schema';
import { billInvoicePdf, paymentReceiptPdf } from '@klinikita/domain/billing/billing-documents.contract';
import type { DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { listRegistrations } from '@klinikita/domain/registrations/registrations.contract';
import { keepPreviousData } from '@tanstack/react-query';
import { moduleKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';
import { registrationQuery, registrationsKey } from '../../../shared/registrations/registrations-api.ts';

export type { Bill, BillAdjustment, BillLine, PaymentAnswer } from '@klinikita/domain/billing/billing.schema';
export type { Registration } from '@klinikita/domain/registrations/registration.schema';

/** The fallback refresh while the live stream is down. */
export const FALLBACK_REFRESH_MS = 30_000;
export const PAGE_SIZE = 20;

/** Which of the day's visits the cashier looks at: those waiting at the cashier, or those paid. */
export type CashierTab = 'waiting' | 'paid';

/**
 * `GET registrations/registrations` of the clinic's today (the server's default day) with the
 * status Payment or Paid: the visits to collect, the latest first for the paid ones. Its key
 * sits under the registrations', so every registration event refetches it.
 */
export const useCashierQueue = (clinicId: number, tab: CashierTab, search: string, page: number) =>
  useContractQuery(
    listRegistrations,
    {
      query: registrationQuery({
        clinicId,
        status: [tab === 'waiting' ? 'Payment' : 'Paid'],
        order: tab === 'waiting' ? 'arrivedAt_1' : 'arrivedAt_-1',
        search,
        page,
        limit: PAGE_SIZE,
      }),
    },
    { service: 'registration', placeholderData: keepPreviousData, refetchInterval: FALLBACK_REFRESH_MS },
  );

/** `GET billing/visits/:visitUid/bill`: the posted bill, or a draft assembled now. */
export const useVisitBill = (visitUid: string | null) =>
  useContractQuery(
    getVisitBill,
    { params: { visitUid: visitUid ?? '' } },
    { enabled: Boolean(visitUid), refetchInterval: FALLBACK_REFRESH_MS },
  );

/** Every billing read; a write refetches them and the registrations (a paid visit leaves the list). */
export const BILLING_QUERIES = moduleKey(getVisitBill);
const refetch = { invalidates: [BILLING_QUERIES, [...registrationsKey]] };

export const useAddCharge = () => useContractMutation(addCharge, refetch);
export const useAdjustBill = () => useContractMutation(adjustBill, refetch);
export const useAddDiscount = () => useContractMutation(addDiscount, refetch);
export const useDecideAdjustment = () => useContractMutation(decideAdjustment, refetch);
export const useReversePayment = () => useContractMutation(reversePayment, refetch);
/**
 * `POST billing/bills/:billUid/payments`. What follows a payment is given here: the paid bill
 * refetched may unmount the form before a `mutate` callback could run.
 */
export const usePayBill = (onPaid: (payment: PaymentAnswer) => void) =>
  useContractMutation(payBill, {
    ...refetch,
    onSuccess: (answer) => answer.data && onPaid(answer.data.payment),
  });

/** The invoice's PDF (rincian biaya), opened by the browser in a new tab (the session cookie goes with it). */
export const invoiceUrl = (billUid: string, paper: DocumentPaper) =>
  `${API_BASE}${billInvoicePdf.path.replace(':billUid', encodeURIComponent(billUid))}?paper=${paper}`;

/** A payment's receipt PDF (kwitansi). */
export const receiptUrl = (paymentUid: string, paper: DocumentPaper) =>
  `${API_BASE}${paymentReceiptPdf.path.replace(':uid', encodeURIComponent(paymentUid))}?paper=${paper}`;
