import {
  getSatusehatLocations,
  getSatusehatSettings,
  registerSatusehatLocations,
  saveSatusehatSettings,
  testSatusehatConnection,
} from '@klinikita/domain/satusehat/satusehat-settings.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { answer, route } from '../../shared/route.ts';
import type { SatusehatConfig, SatusehatService } from './satusehat.service.ts';
import { SatusehatLocationsService } from './satusehat-locations.service.ts';
import { SatusehatSettingsService } from './satusehat-settings.service.ts';

/** `/Setting/satuSehat`: the clinic's connection and its Locations (`satusehat.manage`, from the contracts). */
export function satusehatSettingsRoutes(
  app: FastifyInstance,
  opts: { db: Db; satusehat?: SatusehatConfig; platform: SatusehatService },
) {
  const settings = new SatusehatSettingsService(opts.db, opts.satusehat, opts.platform);
  const locations = new SatusehatLocationsService(opts.db, opts.platform);

  route(app, getSatusehatSettings, (req) => settings.get(requireSession(req), req.query.clinicId));
  route(app, saveSatusehatSettings, (req) => settings.save(requireSession(req), req.body, req.ip));
  route(app, testSatusehatConnection, async (req) => {
    const result = await settings.test(requireSession(req), req.body.clinicId, req.ip);
    return answer(result.answer, result.key, result.params);
  });
  route(app, getSatusehatLocations, (req) => locations.list(requireSession(req), req.query.clinicId));
  route(app, registerSatusehatLocations, async (req) => {
    const result = await locations.register(requireSession(req), req.body, req.ip, req.log);
    const registered = result.locations.filter((l) => l.state === 'registered').length;
    return answer(result, 'satusehatSettings.locationsRegistered', {
      registered,
      total: result.locations.length,
    });
  });
}
