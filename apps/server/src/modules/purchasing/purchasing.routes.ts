import {
  actOnOrder,
  createOrder,
  createReceipt,
  createReturn,
  createSupplier,
  getOrder,
  getReceipt,
  listOrders,
  listReceipts,
  listReturns,
  listSuppliers,
  updateOrder,
  updateSupplier,
} from '@klinikita/domain/purchasing/purchasing.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as orders from './purchase-order.service.ts';
import * as receipts from './purchase-receipt.service.ts';
import * as suppliers from './supplier.service.ts';
import * as returns from './supplier-return.service.ts';

/** Purchasing: suppliers, purchase orders, receipts against the supplier's invoice, returns. */
export async function purchasingRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listSuppliers, (req) => suppliers.listSuppliers(db, requireSession(req), req.query));
  route(app, createSupplier, (req) => suppliers.createSupplier(db, requireSession(req), req.body, req.ip));
  route(app, updateSupplier, (req) =>
    suppliers.updateSupplier(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, listOrders, (req) => orders.listOrders(db, requireSession(req), req.query));
  route(app, createOrder, (req) => orders.createOrder(db, requireSession(req), req.body, req.ip));
  route(app, getOrder, (req) => orders.getOrder(db, requireSession(req), req.params.uid));
  route(app, updateOrder, (req) =>
    orders.updateOrder(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, actOnOrder, (req) =>
    orders.actOnOrder(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, listReceipts, (req) => receipts.listReceipts(db, requireSession(req), req.query));
  route(app, createReceipt, (req) => receipts.createReceipt(db, requireSession(req), req.body, req.ip));
  route(app, getReceipt, (req) => receipts.getReceipt(db, requireSession(req), req.params.uid));
  route(app, listReturns, (req) => returns.listReturns(db, requireSession(req), req.query));
  route(app, createReturn, (req) => returns.createReturn(db, requireSession(req), req.body, req.ip));
}
