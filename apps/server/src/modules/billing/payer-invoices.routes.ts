import * as claimContract from '@klinikita/domain/billing/payer-claims.contract';
import * as contract from '@klinikita/domain/billing/payer-invoices.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { PdfBusyError, PdfPool, type PdfPoolOptions } from '../../shared/pdf-pool.ts';
import { route } from '../../shared/route.ts';
import * as claims from './payer-claims.service.ts';
import * as money from './payer-invoices.money.service.ts';
import * as invoices from './payer-invoices.service.ts';

/** Invoices to partner companies and insurers (`/Registration/daftarTagihan`), their payments and aging. */
export async function payerInvoicesRoutes(app: FastifyInstance, opts: { db: Db; pdf?: PdfPoolOptions }) {
  const { db } = opts;
  const pdfs = new PdfPool(new URL('./payer-invoices.worker.ts', import.meta.url), opts.pdf);
  app.addHook('onClose', () => pdfs.close());

  route(app, contract.listPayers, (req) => invoices.listPayers(db, requireSession(req), req.query.clinicId));
  route(app, contract.openReceivables, (req) => invoices.previewOpen(db, requireSession(req), req.query));
  route(app, contract.createPayerInvoice, (req) =>
    invoices.createInvoice(db, requireSession(req), req.body, req.ip),
  );
  route(app, contract.listPayerInvoices, (req) =>
    invoices.listPayerInvoices(db, requireSession(req), req.query),
  );
  route(app, contract.receivablesAging, (req) =>
    invoices.receivablesAging(db, requireSession(req), req.query),
  );
  route(app, contract.getPayerInvoiceSettings, (req) =>
    invoices.getSettings(db, requireSession(req), req.query.clinicId),
  );
  route(app, contract.savePayerInvoiceSettings, (req) =>
    invoices.saveSettings(db, requireSession(req), req.body, req.ip),
  );
  route(app, contract.getPayerInvoice, (req) => invoices.getInvoice(db, requireSession(req), req.params.uid));
  route(app, contract.approvePayerInvoice, (req) =>
    money.approveInvoice(db, requireSession(req), req.params.uid, req.ip),
  );
  route(app, contract.sendPayerInvoice, (req) =>
    money.sendInvoice(db, requireSession(req), req.params.uid, req.ip),
  );
  route(app, contract.recordPayerPayment, (req) =>
    money.recordPayment(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, contract.disputePayerInvoice, (req) =>
    money.disputeInvoice(db, requireSession(req), req.params.uid, req.body.reason, req.ip),
  );
  route(app, contract.resolvePayerInvoice, (req) =>
    money.resolveInvoice(db, requireSession(req), req.params.uid, req.body.note, req.ip),
  );
  route(app, contract.requestWriteOff, (req) =>
    money.requestWriteOff(db, requireSession(req), req.params.uid, req.body.reason, req.ip),
  );
  route(app, contract.approveWriteOff, (req) =>
    money.approveWriteOff(db, requireSession(req), req.params.uid, req.ip),
  );
  route(app, contract.cancelPayerInvoice, (req) =>
    money.cancelInvoice(db, requireSession(req), req.params.uid, req.body.reason, req.ip),
  );
  // an insurer's claim batch: its denials and their resolution
  route(app, claimContract.listPayerDenials, (req) =>
    claims.listDenials(db, requireSession(req), req.params.uid),
  );
  route(app, claimContract.recordPayerDenials, (req) =>
    claims.recordDenials(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, claimContract.reclaimPayerDenial, (req) =>
    claims.reclaimDenial(db, requireSession(req), req.params, req.body.note, req.ip),
  );
  route(app, claimContract.requestDenialWriteOff, (req) =>
    claims.requestDenialWriteOff(db, requireSession(req), req.params, req.body.reason, req.ip),
  );
  route(app, claimContract.approveDenialWriteOff, (req) =>
    claims.approveDenialWriteOff(db, requireSession(req), req.params, req.ip),
  );
  route(app, contract.payerInvoicePdf, async (req, reply) => {
    const session = requireSession(req);
    try {
      const file = await pdfs.forUser(session.userId, async (render) => {
        const job = await invoices.invoicePrint(db, session, req.params.uid, req.ip);
        return { ...job, pdf: await render(job.print) };
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.pdf);
    } catch (error) {
      if (error instanceof PdfBusyError) reply.header('retry-after', String(error.retryAfter));
      throw error;
    }
  });
}
