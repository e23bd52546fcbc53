import {
  getMcuPortalEvents,
  getMcuPortalInvoices,
  getMcuPortalParticipants,
} from '@klinikita/domain/mcu/mcu-portal.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as portal from './mcu-portal.service.ts';

/** The company portal (issue 20 §8): the HR user's own company's events, participants and invoices. */
export async function mcuPortalRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getMcuPortalEvents, (req) => portal.portalEventList(db, requireSession(req), req.ip));
  route(app, getMcuPortalParticipants, (req) =>
    portal.portalParticipantList(db, requireSession(req), req.params.uid, req.query, req.ip),
  );
  route(app, getMcuPortalInvoices, (req) => portal.portalInvoiceList(db, requireSession(req), req.ip));
}
