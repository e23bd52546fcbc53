import fastifyMultipart from '@fastify/multipart';
import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import * as contract from '@klinikita/domain/services/services.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { AppError } from '../../shared/errors.ts';
import { answer, route } from '../../shared/route.ts';
import * as prices from './service-prices.service.ts';
import * as services from './services.service.ts';
import { exportServices, ImportRefusal, importServices } from './services-import.service.ts';
import { XLSX_MIME } from './services-xlsx.ts';

/** The largest workbook an import takes. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The one workbook of the import (multipart field `file`). */
async function readWorkbookUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, 'services.importFileMissing');
  let content: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (content || part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      content = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'services.importTooLarge', { max: '5 MB' });
    if (!(error instanceof AppError) && !(error as { statusCode?: number }).statusCode)
      throw new AppError(400, 'api.validation');
    throw error;
  }
  if (!content?.length) throw new AppError(400, 'services.importFileMissing');
  return content;
}

/** The service master and its tariffs (`/Layanan/masterLayanan`), the price lookup, xlsx import and export. */
export async function servicesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  route(app, contract.listServices, (req) => services.listServices(db, requireSession(req), req.query));
  route(app, contract.getService, (req) => services.getService(db, requireSession(req), req.params.uid));
  route(app, contract.createService, (req) =>
    services.createService(db, requireSession(req), req.body, req.ip),
  );
  route(app, contract.updateService, (req) =>
    services.updateService(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, contract.deactivateService, (req) =>
    services.setServiceActive(db, requireSession(req), req.params.uid, false, req.ip),
  );
  route(app, contract.reactivateService, (req) =>
    services.setServiceActive(db, requireSession(req), req.params.uid, true, req.ip),
  );

  route(app, contract.listServicePrices, (req) => prices.listPrices(db, requireSession(req), req.params.uid));
  route(app, contract.addServicePrice, async (req) => {
    const result = await prices.addPrice(db, requireSession(req), req.params.uid, req.body, req.ip);
    // the message says which open price the new one ended
    return result.closed
      ? answer(result, 'services.priceAddedClosing', { day: toDDMMYYYY(result.closed.validTo) ?? '' })
      : result;
  });
  route(app, contract.endServicePrice, (req) =>
    prices.endPrice(db, requireSession(req), req.params.uid, req.params.priceUid, req.body.validTo, req.ip),
  );
  route(app, contract.lookupServicePrice, (req) =>
    prices.lookupServicePrice(db, requireSession(req), req.params.uid, req.query),
  );

  route(app, contract.exportServices, async (req, reply) => {
    const file = await exportServices(db, requireSession(req), req.locale);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type(XLSX_MIME)
      .header('content-disposition', `attachment; filename="layanan-${day}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(file);
  });
  route(app, contract.importServices, async (req, reply) => {
    const session = requireSession(req);
    const content = await readWorkbookUpload(req);
    try {
      return await importServices(db, session, content, req.ip);
    } catch (error) {
      if (!(error instanceof ImportRefusal)) throw error;
      // nothing was written: every bad cell, in the caller's language
      return reply.code(422).send({
        status: false,
        message: req.t('services.importRejected', {
          count: new Set(error.issues.map((i) => `${i.sheet}${i.row}`)).size,
        }),
        code: 'importRejected',
        data: {
          issues: error.issues.map(({ key, params, ...issue }) => ({
            ...issue,
            message: req.t(key, params),
          })),
        },
      });
    }
  });
}
