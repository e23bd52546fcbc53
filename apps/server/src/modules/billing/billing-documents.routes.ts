import {
  billInvoicePdf,
  getPaymentReceipt,
  paymentReceiptPdf,
} from '@klinikita/domain/billing/billing-documents.contract';
import { depositReceiptPdf } from '@klinikita/domain/billing/deposits.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { PdfBusyError, PdfPool, type PdfPoolOptions } from '../../shared/pdf-pool.ts';
import { route } from '../../shared/route.ts';
import {
  depositReceiptPrint,
  getReceipt,
  invoicePrint,
  type PrintJob,
  receiptPrint,
} from './billing-documents.service.ts';

/** The papers of a bill: the invoice (rincian biaya) and a payment's receipt (kwitansi), A4 or 80 mm. */
export async function billingDocumentsRoutes(app: FastifyInstance, opts: { db: Db; pdf?: PdfPoolOptions }) {
  const { db } = opts;
  // laid out on worker threads of their own, like the letters (started on the first print)
  const pdfs = new PdfPool(new URL('./billing-documents.worker.ts', import.meta.url), opts.pdf);
  app.addHook('onClose', () => pdfs.close());

  /** Reads the paper's data holding one of the user's print slots, renders it and sends it. */
  async function send(reply: FastifyReply, userId: number, read: () => Promise<PrintJob>) {
    try {
      const file = await pdfs.forUser(userId, async (render) => {
        const print = await read();
        return { ...print, pdf: await render(print.job) };
      });
      if (file.meteraiRequired !== undefined)
        reply.header('x-meterai-required', String(file.meteraiRequired));
      // the screens show these papers in a frame of the app's own (the invoice and receipt modals)
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string')
        reply.header(
          'content-security-policy',
          policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
        );
      return reply
        .header('x-frame-options', 'SAMEORIGIN')
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.pdf);
    } catch (error) {
      if (error instanceof PdfBusyError) reply.header('retry-after', String(error.retryAfter));
      throw error;
    }
  }

  route(app, billInvoicePdf, (req, reply) => {
    const session = requireSession(req);
    return send(reply, session.userId, () =>
      invoicePrint(db, session, req.params.billUid, req.query.paper, req.ip),
    );
  });
  route(app, getPaymentReceipt, (req) => getReceipt(db, requireSession(req), req.params.uid));
  route(app, paymentReceiptPdf, (req, reply) => {
    const session = requireSession(req);
    return send(reply, session.userId, () =>
      receiptPrint(db, session, req.params.uid, req.query.paper, req.ip),
    );
  });
  route(app, depositReceiptPdf, (req, reply) => {
    const session = requireSession(req);
    return send(reply, session.userId, () =>
      depositReceiptPrint(db, session, req.params.uid, req.query.paper, req.ip),
    );
  });
}
