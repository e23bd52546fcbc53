import {
  addScheduleSlot,
  deleteScheduleSlot,
  getDoctorSchedule,
  setScheduleLimit,
  updateScheduleSlot,
} from '@klinikita/domain/schedules/schedules.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { answer, route } from '../../shared/route.ts';
import { addSlot, deleteSlot, doctorSchedule, setLimit, updateSlot } from './schedules.service.ts';

/**
 * Doctor schedules (spec 2.5 Pengaturan Jadwal). Reading needs a session and the clinic in scope;
 * changing needs the doctor's own session, or /MasterDokter or /Schedule (checked in the service).
 */
export async function schedulesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getDoctorSchedule, (req) =>
    doctorSchedule(db, requireSession(req), req.params.doctorId, req.query.clinicId),
  );
  route(app, setScheduleLimit, async (req) => {
    const { weekday } = await setLimit(db, requireSession(req), req.params.doctorId, req.body, req.ip);
    return answer(undefined, 'staffApi.limitSaved', { day: req.t(`staffApi.weekdays.${weekday}`) });
  });
  route(app, addScheduleSlot, (req) => addSlot(db, requireSession(req), req.body, req.ip));
  route(app, updateScheduleSlot, (req) => updateSlot(db, requireSession(req), req.body, req.ip));
  route(app, deleteScheduleSlot, (req) => deleteSlot(db, requireSession(req), req.body, req.ip));
}
