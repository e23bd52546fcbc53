import { getScheduleWeek } from '@klinikita/domain/services/schedule-overview.contract';
import {
  checkSchedule,
  copyServiceDay,
  getServiceHours,
  saveServiceDay,
} from '@klinikita/domain/services/service-hours.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import { scheduleWeek } from './schedule-week.service.ts';
import { toScheduleCheck } from './service-hours.mapper.ts';
import { checkVisit, copyDay, readServiceHours, saveDay } from './service-hours.service.ts';

/**
 * Service desks' opening hours (`/Layanan/jadwalLayanan`), the week overview (`/Schedule`) and
 * the front office's warnings before a registration.
 */
export async function serviceHoursRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getServiceHours, (req) => readServiceHours(db, requireSession(req), req.query.clinicId));
  route(app, saveServiceDay, (req) => saveDay(db, requireSession(req), req.params, req.body, req.ip));
  route(app, copyServiceDay, (req) => copyDay(db, requireSession(req), req.params, req.body, req.ip));
  route(app, checkSchedule, async (req) =>
    toScheduleCheck(await checkVisit(db, requireSession(req), req.query), (key, params) =>
      req.t(key, params),
    ),
  );
  route(app, getScheduleWeek, (req) => scheduleWeek(db, requireSession(req), req.query));
}
