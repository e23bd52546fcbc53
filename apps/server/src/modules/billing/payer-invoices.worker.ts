import { type PayerInvoicePrint, renderPayerInvoice } from './payer-invoices.pdf.ts';

/**
 * The PDF worker of the invoices to payers (run by `shared/pdf-pool.ts` on a worker thread): lays
 * the invoice out from data the main thread read and answers the bytes. No database here.
 */
export default async function renderPdf(print: PayerInvoicePrint): Promise<Uint8Array> {
  // a plain copy crosses the thread boundary (a Buffer may share a pooled ArrayBuffer)
  return new Uint8Array(await renderPayerInvoice(print));
}
