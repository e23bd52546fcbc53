import type { DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { API_BASE } from '../api-client.ts';

/*
 * The PDFs of a bill (raw answers, opened by URL with the session cookie): the paths of
 * `billInvoicePdf` and `paymentReceiptPdf` (billing-documents.contract.ts), written out so that the
 * shell's modals carry no schemas.
 */

/** A bill's invoice PDF (rincian biaya). */
export const invoicePdfUrl = (billUid: string, paper: DocumentPaper) =>
  `${API_BASE}/billing/bills/${encodeURIComponent(billUid)}/invoice.pdf?paper=${paper}`;

/** A payment's receipt PDF (kuitansi). */
export const receiptPdfUrl = (paymentUid: string, paper: DocumentPaper) =>
  `${API_BASE}/billing/payments/${encodeURIComponent(paymentUid)}/receipt.pdf?paper=${paper}`;
