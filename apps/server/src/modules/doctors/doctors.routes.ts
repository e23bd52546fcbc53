import {
  createDoctor,
  findDoctors,
  getDoctorProfile,
  listSpecialists,
  updateDoctor,
} from '@klinikita/domain/doctors/doctors.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as queries from './doctors.queries.ts';
import * as doctors from './doctors.service.ts';

/** Specialists, the own doctor profile and the /MasterDokter master data. */
export async function doctorsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listSpecialists, async () => ({ specialists: await queries.listSpecialists(db) }));
  route(app, getDoctorProfile, (req) => doctors.doctorProfile(db, requireSession(req), req.query.id));
  route(app, findDoctors, (req) =>
    req.query.id !== undefined
      ? doctors.doctorProfile(db, requireSession(req), req.query.id)
      : doctors.listDoctors(db, requireSession(req), req.query),
  );
  route(app, createDoctor, (req) => doctors.createDoctor(db, requireSession(req), req.body, req.ip));
  route(app, updateDoctor, (req) => doctors.updateDoctor(db, requireSession(req), req.body, req.ip));
}
