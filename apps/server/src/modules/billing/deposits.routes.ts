import {
  getPatientDeposit,
  receiveDeposit,
  refundDeposit,
} from '@klinikita/domain/billing/deposits.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as deposits from './deposits.service.ts';

/** Patient deposits: the balance and ledger, a receipt at the cashier, a refund by a second person. */
export async function depositRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getPatientDeposit, (req) =>
    deposits.getPatientDeposit(db, requireSession(req), req.params.patientUid),
  );
  route(app, receiveDeposit, (req) =>
    deposits.receiveDeposit(db, requireSession(req), req.params.patientUid, req.body, req.ip),
  );
  route(app, refundDeposit, (req) =>
    deposits.refundDeposit(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
}
