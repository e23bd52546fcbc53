import { checkPatientIhs } from '@klinikita/domain/satusehat/patient-ihs.contract';
import { practitionerIhsByNik } from '@klinikita/domain/satusehat/satusehat.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { employeeProfile } from '../../modules/employees/employees.service.ts';
import { type AuthSession, requireSession } from '../../plugins/auth.ts';
import { can } from '../../shared/access.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { answer, route } from '../../shared/route.ts';
import { deliveryStatusRoutes } from './delivery-status.routes.ts';
import { checkPatientIhs as checkIhs } from './patient-ihs-check.service.ts';
import { type SatusehatConfig, SatusehatService } from './satusehat.service.ts';
import { satusehatSettingsRoutes } from './satusehat-settings.routes.ts';

/**
 * A NIK names a person at the national platform: anyone's NIK is looked up only by those who
 * register patients or keep staff and doctor records (`satusehat.lookup`); everyone else, e.g. a
 * doctor in the own profile dialog (spec 2.5), only the NIK already saved as their own.
 */
async function assertMayLookUp(db: Db, session: AuthSession, nik: string) {
  if (can(session, 'satusehat.lookup')) return;
  const own = session.employeeUid
    ? await employeeProfile(db, session, session.employeeUid).catch((error: unknown) => {
        // a staff record removed meanwhile: no NIK of one's own
        if (error instanceof AppError) return null;
        throw error;
      })
    : null;
  if (own?.icNumber !== nik) throw forbidden('satusehat.lookupForbidden');
}

export async function satusehatRoutes(app: FastifyInstance, opts: { db: Db; satusehat?: SatusehatConfig }) {
  const service = new SatusehatService(opts.db, opts.satusehat);
  // the settings screen shares the clinics' clients (and their tokens) with the lookups
  satusehatSettingsRoutes(app, { ...opts, platform: service });
  deliveryStatusRoutes(app, opts);

  route(app, practitionerIhsByNik, async (req) => {
    const session = requireSession(req);
    await assertMayLookUp(opts.db, session, req.params.nik);
    const clinicId = session.clinicId ?? session.clinicIds[0];
    if (clinicId == null) throw new AppError(409, 'satusehat.noClinic');
    return { ihsNumber: await service.practitionerIhsByNik(clinicId, req.params.nik, req.log) };
  });

  route(app, checkPatientIhs, async (req) => {
    const { check, message } = await checkIhs(
      opts.db,
      service,
      requireSession(req),
      req.params.uid,
      req.ip,
      req.log,
    );
    return answer(check, message.key, message.params);
  });
}
