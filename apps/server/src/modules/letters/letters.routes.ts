import * as contract from '@klinikita/domain/consultations/letters.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { PdfBusyError, PdfPool, type PdfPoolOptions } from '../../shared/pdf-pool.ts';
import { answer, route } from '../../shared/route.ts';
import { createLetter, encounterPdf, letterPdf, listLetters, type RenderPdf } from './letters.service.ts';

const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);

/** The PDF pool of each running app, by its HTTP server (tests read its counters). */
export const pdfPools = new WeakMap<FastifyInstance['server'], PdfPool>();

/** Health certificates, sick-leave and referral letters, and the printed visit (A4 PDFs). */
export async function lettersRoutes(app: FastifyInstance, opts: { db: Db; pdf?: PdfPoolOptions }) {
  const { db } = opts;
  // PDFs are laid out on worker threads, a few per user at once; the threads stop with the app
  const pdfs = new PdfPool(new URL('./pdf.worker.ts', import.meta.url), opts.pdf);
  pdfPools.set(app.server, pdfs);
  app.addHook('onClose', () => pdfs.close());

  /** One print: a slot of the user's, the data read here, the layout on a worker; a refusal says when to retry. */
  const print = async (
    reply: FastifyReply,
    userId: number,
    work: (render: RenderPdf) => Promise<{ pdf: Buffer; fileName: string }>,
  ) => {
    try {
      return sendPdf(reply, await pdfs.forUser(userId, (render) => work(render as RenderPdf)));
    } catch (error) {
      if (error instanceof PdfBusyError) reply.header('retry-after', String(error.retryAfter));
      throw error;
    }
  };

  route(app, contract.createLetter, async (req) => {
    const data = await createLetter(db, requireSession(req), req.body, req.ip);
    return answer(data, 'letters.created', { number: data.number });
  });
  route(app, contract.listLetters, (req) => listLetters(db, requireSession(req), req.query, req.ip));
  // the PDFs are raw answers: the reply carries the file, not an envelope
  route(app, contract.letterPdf, (req, reply) => {
    const session = requireSession(req);
    return print(reply, session.userId, (render) => letterPdf(db, session, req.params.uid, req.ip, render));
  });
  route(app, contract.encounterPdf, (req, reply) => {
    const session = requireSession(req);
    return print(reply, session.userId, (render) =>
      encounterPdf(db, session, req.params.uid, req.ip, render),
    );
  });
}
