import {
  approveShift,
  closeDay,
  closeShift,
  getCurrentShift,
  getShiftReport,
  listShifts,
  openShift,
} from '@klinikita/domain/billing/cashier-shifts.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as shifts from './cashier-shifts.service.ts';

/** Cashier shifts (open, close, approve a variance, list, report) and the clinic's day close. */
export async function cashierShiftRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getCurrentShift, (req) => shifts.getCurrentShift(db, requireSession(req), req.query.clinicId));
  route(app, openShift, (req) => shifts.openShift(db, requireSession(req), req.body, req.ip));
  route(app, closeShift, (req) =>
    shifts.closeShift(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, approveShift, (req) => shifts.approveShift(db, requireSession(req), req.params.uid, req.ip));
  route(app, listShifts, (req) => shifts.listShifts(db, requireSession(req), req.query));
  route(app, getShiftReport, (req) => shifts.getShiftReport(db, requireSession(req), req.params.uid));
  route(app, closeDay, (req) => shifts.closeDay(db, requireSession(req), req.body, req.ip));
}
