import {
  addLabParameter,
  deactivateLabParameter,
  getLabTest,
  listLabTests,
  reactivateLabParameter,
  replaceLabRanges,
  setLabPanelItems,
  updateLabParameter,
} from '@klinikita/domain/lab/lab-catalogue.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as lab from './lab-catalogue.service.ts';

/** The lab catalogue (`/panel`): tests and panels, parameters, reference ranges, a panel's tests. */
export async function labCatalogueRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listLabTests, (req) => lab.listLabTests(db, requireSession(req), req.query));
  route(app, getLabTest, (req) => lab.getLabTest(db, requireSession(req), req.params.uid));
  route(app, addLabParameter, (req) =>
    lab.addParameter(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, updateLabParameter, (req) =>
    lab.updateParameter(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, deactivateLabParameter, (req) =>
    lab.setParameterActive(db, requireSession(req), req.params.uid, false, req.ip),
  );
  route(app, reactivateLabParameter, (req) =>
    lab.setParameterActive(db, requireSession(req), req.params.uid, true, req.ip),
  );
  route(app, replaceLabRanges, (req) =>
    lab.replaceParameterRanges(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, setLabPanelItems, (req) =>
    lab.setPanelItems(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
}
