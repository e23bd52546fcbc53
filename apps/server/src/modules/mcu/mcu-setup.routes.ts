import fastifyMultipart from '@fastify/multipart';
import * as events from '@klinikita/domain/mcu/mcu-events.contract';
import * as packages from '@klinikita/domain/mcu/mcu-packages.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { AppError } from '../../shared/errors.ts';
import { answer, route } from '../../shared/route.ts';
import { checkIn } from './mcu-checkin.service.ts';
import { eventPackages } from './mcu-events.queries.ts';
import * as eventService from './mcu-events.service.ts';
import { addParticipant, type ImportOutcome, importParticipants } from './mcu-import.service.ts';
import { buildParticipantTemplate, XLSX_MIME } from './mcu-import.xlsx.ts';
import * as packageService from './mcu-packages.service.ts';
import * as participantService from './mcu-participants.service.ts';

/** The largest participant sheet an import takes. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The one workbook of the import (multipart field `file`). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, 'mcuSetup.importFileMissing');
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
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'mcuSetup.importTooLarge', { max: '10 MB' });
    if (!(error instanceof AppError) && !(error as { statusCode?: number }).statusCode)
      throw new AppError(400, 'api.validation');
    throw error;
  }
  if (!content?.length) throw new AppError(400, 'mcuSetup.importFileMissing');
  return content;
}

/** The import's report in the caller's language. */
function report(req: FastifyRequest, result: ImportOutcome) {
  const data = {
    ...result,
    issues: result.issues.map(({ key, params, ...issue }) => ({ ...issue, message: req.t(key, params) })),
  };
  return answer(data, 'mcuSetup.imported', {
    created: result.created,
    updated: result.updated,
    rejected: result.rejected,
  });
}

/** MCU setup (issue 20 §1–2): packages, events, participants and their import, the check-in. */
export async function mcuSetupRoutes(app: FastifyInstance, opts: { db: Db; uploadsDir: string }) {
  const { db } = opts;
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  route(app, packages.listMcuPackages, (req) =>
    packageService.listMcuPackages(db, requireSession(req), req.query),
  );
  route(app, packages.saveMcuPackage, (req) =>
    packageService.saveMcuPackage(db, requireSession(req), req.params.serviceUid, req.body, req.ip),
  );

  route(app, events.listMcuEvents, (req) => eventService.listEvents(db, requireSession(req), req.query));
  route(app, events.getMcuEvent, (req) => eventService.getEvent(db, requireSession(req), req.params.uid));
  route(app, events.createMcuEvent, (req) =>
    eventService.createEvent(db, requireSession(req), req.body, req.ip),
  );
  route(app, events.updateMcuEvent, (req) =>
    eventService.editEvent(db, requireSession(req), req.params.uid, req.body, req.ip),
  );

  route(app, events.listMcuParticipants, (req) =>
    participantService.listParticipants(db, requireSession(req), req.params.uid, req.query),
  );
  route(app, events.importMcuParticipants, async (req) => {
    const session = requireSession(req);
    const content = await readUpload(req);
    return report(req, await importParticipants(db, session, req.params.uid, content, req.ip));
  });
  route(app, events.addMcuParticipant, async (req) =>
    report(req, await addParticipant(db, requireSession(req), req.params.uid, req.body, req.ip)),
  );
  route(app, events.mcuParticipantTemplate, async (req, reply) => {
    const session = requireSession(req);
    const event = await eventService.scopedEvent(db, session, req.params.uid);
    const groups = (await eventPackages(db, [event.id])).map((p) => p.jobGroup);
    return reply
      .type(XLSX_MIME)
      .header('content-disposition', 'attachment; filename="template-peserta-mcu.xlsx"')
      .header('cache-control', 'no-store')
      .send(await buildParticipantTemplate(req.locale, groups));
  });
  route(app, events.updateMcuParticipant, (req) =>
    participantService.editParticipant(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, events.checkInMcuParticipant, (req) => checkIn(db, requireSession(req), req.params.uid, req.ip));
}
