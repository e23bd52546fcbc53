import { practitionerIhsByNik } from '@klinikita/domain/satusehat/satusehat.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { AppError } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { type SatusehatConfig, SatusehatService } from './satusehat.service.ts';

export async function satusehatRoutes(app: FastifyInstance, opts: { db: Db; satusehat?: SatusehatConfig }) {
  const service = new SatusehatService(opts.db, opts.satusehat);

  route(app, practitionerIhsByNik, async (req) => {
    const session = requireSession(req);
    const clinicId = session.clinicId ?? session.clinicIds[0];
    if (clinicId == null) throw new AppError(409, 'satusehat.noClinic');
    return { ihsNumber: await service.practitionerIhsByNik(clinicId, req.params.nik, req.log) };
  });
}
