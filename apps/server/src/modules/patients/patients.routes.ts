import {
  createPatient,
  deletePatient,
  getPatient,
  listPatients,
  updatePatient,
} from '@klinikita/domain/patients/patients.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { answer, route } from '../../shared/route.ts';
import * as patients from './patients.service.ts';

/** Runs a write; a PatientError answers with its code, candidates or field errors beside the message. */
async function answering<T>(request: FastifyRequest, reply: FastifyReply, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof patients.PatientError)) throw error;
    const { code, data, errors } = error.extra;
    return reply.code(error.statusCode).send({
      status: false,
      message: request.t(error.key, error.params),
      ...(code && { code }),
      ...(data !== undefined && { data }),
      ...(errors && { errors: errors.map((e) => ({ path: e.path, message: request.t(e.message) })) }),
    });
  }
}

/** The patient master (`/MasterPasien`, `/patient`) and the front office's patient search. */
export async function patientsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listPatients, (req) => patients.listPatients(db, requireSession(req), req.query));
  route(app, getPatient, (req) => patients.readPatient(db, requireSession(req), req.params.uid, req.ip));
  route(app, createPatient, (req, reply) =>
    answering(req, reply, async () => {
      const data = await patients.createPatient(db, requireSession(req), req.body, req.ip);
      return answer(data, 'patients.created', { mrn: data.mrn });
    }),
  );
  route(app, updatePatient, (req, reply) =>
    answering(req, reply, () =>
      patients.editPatient(db, requireSession(req), req.params.uid, req.body, req.ip),
    ),
  );
  route(app, deletePatient, (req) => patients.deletePatient(db, requireSession(req), req.params.uid, req.ip));
}
