import {
  bulkSetClinicServices,
  listClinicServices,
  listSisterClinics,
  setClinicService,
} from '@klinikita/domain/services/clinic-services.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { answer, route } from '../../shared/route.ts';
import * as clinicServices from './clinic-services.service.ts';

/** Services per clinic (`/Layanan/layanan`): what each clinic offers and where it is performed. */
export async function clinicServicesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listClinicServices, (req) =>
    clinicServices.listClinicServices(db, requireSession(req), req.params.clinicId, req.query),
  );
  route(app, listSisterClinics, (req) =>
    clinicServices.listSisterClinics(db, requireSession(req), req.params.clinicId),
  );
  route(app, setClinicService, async (req) => {
    const data = await clinicServices.setClinicService(
      db,
      requireSession(req),
      req.params.clinicId,
      req.params.serviceUid,
      req.body,
      req.ip,
    );
    return answer(data, 'clinicServices.saved', { name: req.locale === 'en' ? data.nameEn : data.nameId });
  });
  route(app, bulkSetClinicServices, async (req) => {
    const data = await clinicServices.bulkSetClinicServices(
      db,
      requireSession(req),
      req.params.clinicId,
      req.body,
      req.ip,
    );
    return answer(data, 'clinicServices.bulkSaved', {
      count: data.changed,
      group: req.t(`clinicServices.groups.${req.body.group}`),
    });
  });
}
