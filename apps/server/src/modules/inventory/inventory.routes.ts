import {
  adjustStock,
  checkStockConsistency,
  createStockLocation,
  getItemStockSettings,
  getStockAlerts,
  getStockCard,
  issueStock,
  listLocationStock,
  listStockLocations,
  receiveStock,
  setItemStockSettings,
  transferStock,
} from '@klinikita/domain/inventory/inventory.contract';
import { getLabConsumables, saveLabConsumables } from '@klinikita/domain/inventory/lab-consumables.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as ledger from './inventory.service.ts';
import * as lab from './lab-consumables.service.ts';
import * as reads from './stock-reads.service.ts';
import * as settings from './stock-settings.service.ts';
import * as transfers from './stock-transfer.service.ts';

/** The stock ledger: locations, item stock settings, receipts, issues, transfers, adjustments, reads. */
export async function inventoryRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listStockLocations, (req) =>
    settings.listLocations(db, requireSession(req), req.query.clinicId),
  );
  route(app, createStockLocation, (req) =>
    settings.createLocation(db, requireSession(req), req.body, req.ip),
  );
  route(app, getItemStockSettings, (req) =>
    settings.getItemSettings(db, requireSession(req), req.params.itemUid),
  );
  route(app, setItemStockSettings, (req) =>
    settings.setItemSettings(db, requireSession(req), req.params.itemUid, req.body, req.ip),
  );
  route(app, listLocationStock, (req) =>
    reads.listLocationStock(db, requireSession(req), req.params.uid, req.query),
  );
  route(app, receiveStock, (req) =>
    ledger.receive(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, issueStock, (req) => ledger.issue(db, requireSession(req), req.params.uid, req.body, req.ip));
  route(app, transferStock, (req) =>
    transfers.transfer(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, adjustStock, (req) => ledger.adjust(db, requireSession(req), req.params.uid, req.body, req.ip));
  route(app, getStockCard, (req) =>
    reads.getStockCard(db, requireSession(req), req.params.uid, req.params.itemUid, req.query),
  );
  route(app, checkStockConsistency, (req) =>
    reads.checkConsistency(db, requireSession(req), req.query.clinicId),
  );
  route(app, getStockAlerts, (req) => reads.getAlerts(db, requireSession(req), req.query.clinicId));
  route(app, getLabConsumables, (req) => lab.getLabConsumables(db, requireSession(req), req.query.clinicId));
  route(app, saveLabConsumables, (req) =>
    lab.saveLabConsumables(db, requireSession(req), req.query.clinicId, req.body, req.ip),
  );
}
