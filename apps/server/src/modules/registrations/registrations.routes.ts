import { REGISTRATION_EVENTS } from '@klinikita/domain/registrations/registration.schema';
import {
  createRegistration,
  displayBoard,
  displayEvents,
  getDisplayLink,
  getQueuePrefixes,
  getRegistration,
  listAvailableDoctors,
  listPartnerCompanies,
  listRegistrations,
  patchRegistration,
  registrationStatusCounts,
  renewDisplayLink,
  saveQueuePrefixes,
} from '@klinikita/domain/registrations/registrations.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { answer, route } from '../../shared/route.ts';
import { listCompanies } from '../patients/patients.service.ts';
import * as display from './queue-display.service.ts';
import * as registrations from './registrations.service.ts';
import * as visitList from './visit-list.service.ts';
import * as visitStatus from './visit-status.service.ts';

// a display link lasts as long as it is not renewed; its stream is re-checked twice a day
const DISPLAY_STREAM_MS = 12 * 60 * 60 * 1000;

/** Registrations and queues (spec 2.7, 2.8, 4, 7) and the waiting-room display. */
export async function registrationsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, createRegistration, async (req, reply) => {
    try {
      const data = await registrations.createRegistration(db, requireSession(req), req.body, req.ip);
      return answer(data, 'registrations.created', { queueNumber: data.queueNumber });
    } catch (error) {
      if (!(error instanceof registrations.RegistrationRefusal)) throw error;
      // the refusal names the visit it repeats: the web offers to register anyway
      return reply.code(error.statusCode).send({
        status: false,
        message: req.t(error.key, error.params),
        ...error.extra,
      });
    }
  });
  route(app, listRegistrations, (req) =>
    visitList.listRegistrations(db, requireSession(req), req.query, req.ip),
  );
  route(app, registrationStatusCounts, (req) => visitList.statusCounts(db, requireSession(req), req.query));
  route(app, getRegistration, (req) =>
    registrations.readRegistration(db, requireSession(req), req.params.id),
  );
  route(app, patchRegistration, async (req) => {
    const { registration, moved } = await visitStatus.patchRegistration(
      db,
      requireSession(req),
      req.params.id,
      req.body,
      req.ip,
    );
    return moved
      ? answer(registration, 'registrations.updated', { status: req.t(`registrations.statuses.${moved}`) })
      : answer(registration, 'registrations.flagsUpdated');
  });
  route(app, listAvailableDoctors, (req) =>
    registrations.availableDoctors(db, requireSession(req), req.query),
  );
  route(app, listPartnerCompanies, (req) => listCompanies(db, requireSession(req)));
  route(app, getQueuePrefixes, (req) => display.queuePrefixes(db, requireSession(req), req.query.clinicId));
  route(app, saveQueuePrefixes, (req) =>
    display.saveQueuePrefixes(db, requireSession(req), req.body.clinicId, req.body.prefixes, req.ip),
  );
  route(app, getDisplayLink, (req) => display.displayLink(db, requireSession(req), req.query.clinicId));
  route(app, renewDisplayLink, (req) =>
    display.renewDisplayLink(db, requireSession(req), req.body.clinicId, req.ip),
  );

  route(app, displayBoard, (req) => display.displayBoard(db, req.params.token));
  // a stream, not an envelope: the reply becomes the display's server-sent events
  route(app, displayEvents, async (req, reply) => {
    const clinic = await display.displayClinic(db, req.params.token);
    app.liveEvents.stream(req, reply, {
      clinicId: clinic.id,
      until: Date.now() + DISPLAY_STREAM_MS,
      types: new Set(Object.values(REGISTRATION_EVENTS)),
      endOn: display.DISPLAY_RENEWED,
    });
    return reply;
  });
}
