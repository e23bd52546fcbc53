import * as contract from '@klinikita/domain/consultations/letters.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { answer, route } from '../../shared/route.ts';
import { createLetter, encounterPdf, letterPdf, listLetters } from './letters.service.ts';

const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);

/** Health certificates, sick-leave and referral letters, and the printed visit (A4 PDFs). */
export async function lettersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, contract.createLetter, async (req) => {
    const data = await createLetter(db, requireSession(req), req.body, req.ip);
    return answer(data, 'letters.created', { number: data.number });
  });
  route(app, contract.listLetters, (req) => listLetters(db, requireSession(req), req.query, req.ip));
  // the PDFs are raw answers: the reply carries the file, not an envelope
  route(app, contract.letterPdf, async (req, reply) =>
    sendPdf(reply, await letterPdf(db, requireSession(req), req.params.uid, req.ip)),
  );
  route(app, contract.encounterPdf, async (req, reply) =>
    sendPdf(reply, await encounterPdf(db, requireSession(req), req.params.uid, req.ip)),
  );
}
