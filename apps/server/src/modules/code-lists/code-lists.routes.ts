import {
  createCodeListItem,
  deactivateCodeListItem,
  listCodeListItems,
  moveCodeListItem,
  reactivateCodeListItem,
  updateCodeListItem,
} from '@klinikita/domain/code-lists/code-lists.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as codeLists from './code-lists.service.ts';

/** The corporate's code lists (`/statesCode`): reasons and MCU conclusion categories. */
export async function codeListsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, listCodeListItems, (req) =>
    codeLists.listItems(db, requireSession(req), req.params.list, req.query),
  );
  route(app, createCodeListItem, (req) =>
    codeLists.createItem(db, requireSession(req), req.params.list, req.body, req.ip),
  );
  route(app, updateCodeListItem, (req) =>
    codeLists.updateItem(db, requireSession(req), req.params.list, req.params.uid, req.body, req.ip),
  );
  route(app, deactivateCodeListItem, (req) =>
    codeLists.setItemActive(db, requireSession(req), req.params.list, req.params.uid, false, req.ip),
  );
  route(app, reactivateCodeListItem, (req) =>
    codeLists.setItemActive(db, requireSession(req), req.params.list, req.params.uid, true, req.ip),
  );
  route(app, moveCodeListItem, (req) =>
    codeLists.moveItem(db, requireSession(req), req.params.list, req.params.uid, req.body.direction, req.ip),
  );
}
