import {
  addCharge,
  addDiscount,
  adjustBill,
  billingConsistency,
  decideAdjustment,
  getBillingSettings,
  getVisitBill,
  payBill,
  postBill,
  reversePayment,
  saveBillingSettings,
} from '@klinikita/domain/billing/billing.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as read from './bill-read.service.ts';
import * as billing from './billing.service.ts';
import { checkBillingConsistency } from './billing-consistency.service.ts';
import * as payments from './payment.service.ts';

/** Billing: a visit's bill (draft → posted → paid), charges, discounts, payments, reversals, settings. */
export async function billingRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getVisitBill, (req) => read.getVisitBill(db, requireSession(req), req.params.visitUid));
  route(app, addCharge, (req) =>
    billing.addCharge(db, requireSession(req), req.params.visitUid, req.body, req.ip),
  );
  route(app, addDiscount, (req) =>
    billing.addDiscount(db, requireSession(req), req.params.visitUid, req.body, req.ip),
  );
  route(app, decideAdjustment, (req) =>
    billing.decideAdjustment(db, requireSession(req), req.params.uid, req.body.approve, req.ip),
  );
  route(app, postBill, (req) => billing.postBill(db, requireSession(req), req.params.visitUid, req.ip));
  route(app, adjustBill, (req) =>
    billing.adjustBill(db, requireSession(req), req.params.billUid, req.body, req.ip),
  );
  route(app, payBill, (req) =>
    payments.payBill(db, requireSession(req), req.params.billUid, req.body, req.ip),
  );
  route(app, reversePayment, (req) =>
    payments.reversePayment(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, getBillingSettings, (req) =>
    billing.getBillingSettings(db, requireSession(req), req.query.clinicId),
  );
  route(app, saveBillingSettings, (req) =>
    billing.saveBillingSettings(db, requireSession(req), req.body, req.ip),
  );
  route(app, billingConsistency, (req) => checkBillingConsistency(db, requireSession(req)));
}
