import fastifyMultipart from '@fastify/multipart';
import * as contract from '@klinikita/domain/partner-companies/partner-companies.contract';
import * as portalContract from '@klinikita/domain/partner-companies/portal-users.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { AppError } from '../../shared/errors.ts';
import { answer, route } from '../../shared/route.ts';
import * as prices from './contract-prices.service.ts';
import * as employees from './covered-employees.service.ts';
import { importEmployees } from './employees-import.service.ts';
import { buildTemplate, XLSX_MIME } from './employees-xlsx.ts';
import * as companies from './partner-companies.service.ts';
import * as portalUsers from './portal-users.service.ts';

/** The largest workbook an import takes. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The one workbook of the import (multipart field `file`). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, 'partnerCompanies.importFileMissing');
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
      throw new AppError(413, 'partnerCompanies.importTooLarge', { max: '5 MB' });
    if (!(error instanceof AppError) && !(error as { statusCode?: number }).statusCode)
      throw new AppError(400, 'api.validation');
    throw error;
  }
  if (!content?.length) throw new AppError(400, 'partnerCompanies.importFileMissing');
  return content;
}

/** The partner-company master: companies, contract prices, covered employees and their xlsx import. */
export async function partnerCompaniesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  route(app, contract.listCompanies, (req) => companies.listCompanies(db, requireSession(req), req.query));
  route(app, contract.getCompany, (req) => companies.getCompany(db, requireSession(req), req.params.uid));
  route(app, contract.createCompany, (req) =>
    companies.createCompany(db, requireSession(req), req.body, req.ip),
  );
  route(app, contract.updateCompany, (req) =>
    companies.updateCompany(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, contract.deactivateCompany, (req) =>
    companies.deactivateCompany(db, requireSession(req), req.params.uid, req.ip),
  );

  route(app, contract.listContractPrices, (req) =>
    prices.listContractPrices(db, requireSession(req), req.params.uid),
  );
  route(app, contract.addContractPrice, (req) =>
    prices.addContractPrice(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, contract.endContractPrice, (req) =>
    prices.endContractPrice(
      db,
      requireSession(req),
      req.params.uid,
      req.params.priceUid,
      req.body.validTo,
      req.ip,
    ),
  );

  route(app, contract.listEmployees, (req) =>
    employees.listEmployees(db, requireSession(req), req.params.uid, req.query),
  );
  route(app, contract.addEmployee, (req) =>
    employees.addEmployee(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, contract.updateEmployee, (req) =>
    employees.updateEmployee(
      db,
      requireSession(req),
      req.params.uid,
      req.params.employeeUid,
      req.body,
      req.ip,
    ),
  );
  route(app, contract.deactivateEmployee, (req) =>
    employees.deactivateEmployee(db, requireSession(req), req.params.uid, req.params.employeeUid, req.ip),
  );
  route(app, contract.importEmployees, async (req) => {
    const session = requireSession(req);
    const content = await readUpload(req);
    const result = await importEmployees(db, session, req.params.uid, content, req.ip);
    const report = {
      ...result,
      // each rejected row's cells, in the caller's language
      issues: result.issues.map(({ key, params, ...issue }) => ({ ...issue, message: req.t(key, params) })),
    };
    return answer(report, 'partnerCompanies.imported', {
      created: result.created,
      updated: result.updated,
      rejected: result.rejected,
    });
  });
  // the company's HR logins to the company portal (issue 20 §8)
  route(app, portalContract.listPortalUsers, (req) =>
    portalUsers.listPortalUsers(db, requireSession(req), req.params.uid),
  );
  route(app, portalContract.addPortalUser, (req) =>
    portalUsers.addPortalUser(db, requireSession(req), req.params.uid, req.body, req.ip),
  );
  route(app, portalContract.setPortalUserActive, (req) =>
    portalUsers.setPortalUserActive(
      db,
      requireSession(req),
      req.params.uid,
      req.params.userUid,
      req.body,
      req.ip,
    ),
  );
  route(app, contract.employeeTemplate, async (req, reply) => {
    requireSession(req);
    return reply
      .type(XLSX_MIME)
      .header('content-disposition', 'attachment; filename="template-karyawan-rekanan.xlsx"')
      .header('cache-control', 'no-store')
      .send(await buildTemplate(req.locale));
  });
}
