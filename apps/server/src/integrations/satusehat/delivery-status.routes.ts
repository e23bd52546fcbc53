import {
  getSatusehatRefusals,
  getSatusehatVisitStatus,
  getSatusehatVisitStatuses,
  listSatusehatDeliveries,
  resendSatusehatDelivery,
} from '@klinikita/domain/satusehat/satusehat-sync.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { answer, route } from '../../shared/route.ts';
import { DeliveryStatusService } from './delivery-status.service.ts';

/** The sync screen (`/Setting/satuSehat` → Sinkronisasi), the visits' badges and the dashboard's count. */
export function deliveryStatusRoutes(app: FastifyInstance, opts: { db: Db }) {
  const service = new DeliveryStatusService(opts.db);

  route(app, listSatusehatDeliveries, (req) => service.list(requireSession(req), req.query));
  route(app, resendSatusehatDelivery, async (req) => {
    const result = await service.resend(requireSession(req), req.params.uid, req.ip);
    return result.requeued ? result.delivery : answer(result.delivery, 'satusehatSync.alreadyWaiting');
  });
  route(app, getSatusehatVisitStatus, (req) => service.visit(requireSession(req), req.params.registrationId));
  route(app, getSatusehatVisitStatuses, (req) =>
    service.visits(requireSession(req), req.query.registrationIds),
  );
  route(app, getSatusehatRefusals, (req) => service.refusals(requireSession(req), req.query.clinicId));
}
