import { type InvoicePrint, renderInvoice } from './billing-invoice.pdf.ts';
import { type ReceiptPrint, renderReceipt } from './billing-receipt.pdf.ts';

/**
 * The PDF worker of the bill's papers (run by `shared/pdf-pool.ts` on a worker thread): lays out
 * an invoice or a receipt from data the main thread read and answers the bytes. No database here.
 */

export type BillingPdfJob =
  | { kind: 'invoice'; print: InvoicePrint }
  | { kind: 'receipt'; print: ReceiptPrint };

export default async function renderPdf(job: BillingPdfJob): Promise<Uint8Array> {
  const pdf = job.kind === 'invoice' ? await renderInvoice(job.print) : await renderReceipt(job.print);
  // a plain copy crosses the thread boundary (a Buffer may share a pooled ArrayBuffer)
  return new Uint8Array(pdf);
}
