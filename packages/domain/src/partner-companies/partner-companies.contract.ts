import { conflictErrors, endpoint, errorAnswer } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  companyEmployeeParamsSchema,
  companyParamsSchema,
  companyPriceParamsSchema,
  companyQuerySchema,
  companySaveSchema,
  contractPriceAddSchema,
  contractPriceEndSchema,
  employeeQuerySchema,
  employeeSaveSchema,
} from './partner-company.schema.ts';
import {
  companyDetailSchema,
  companySummarySchema,
  contractPriceSchema,
  coveredEmployeeSchema,
  employeeImportResultSchema,
} from './partner-company-answers.schema.ts';

/**
 * The partner-company master (issue 18 §5; `/Registration/perusahaanRekanan`,
 * `/Registration/daftarPerusahaan`): the corporate's companies with their credit terms and
 * coverage, contract prices per catalogue service and the employees they cover (xlsx import with
 * a per-row report). A company of another corporate is not found (404). The registration form's
 * payer list stays `GET /registrations/companies`.
 */
const tags = ['partnerCompanies'] as const;

export const listCompanies = endpoint({
  method: 'GET',
  path: '/partner-companies',
  permission: 'company.read',
  tags,
  summary: 'The corporate’s partner companies, searched by name, code, legal name or NPWP, by active, paged',
  query: companyQuerySchema,
  response: pagedSchema(companySummarySchema),
});

export const getCompany = endpoint({
  method: 'GET',
  path: '/partner-companies/:uid',
  permission: 'company.read',
  tags,
  summary: 'A partner company: profile, credit terms and coverage',
  params: companyParamsSchema,
  response: companyDetailSchema,
});

export const createCompany = endpoint({
  method: 'POST',
  path: '/partner-companies',
  permission: 'company.manage',
  tags,
  summary: 'Add a partner company (409 when the corporate has one of that name)',
  body: companySaveSchema,
  response: companyDetailSchema,
  errors: conflictErrors,
  message: 'partnerCompanies.saved',
});

export const updateCompany = endpoint({
  method: 'PUT',
  path: '/partner-companies/:uid',
  permission: 'company.manage',
  tags,
  summary: 'Change a partner company (409 when another has the name)',
  params: companyParamsSchema,
  body: companySaveSchema,
  response: companyDetailSchema,
  errors: conflictErrors,
  message: 'partnerCompanies.saved',
});

export const deactivateCompany = endpoint({
  method: 'POST',
  path: '/partner-companies/:uid/deactivate',
  permission: 'company.manage',
  tags,
  summary: 'Deactivate a partner company (no longer offered as payer; its history stays)',
  params: companyParamsSchema,
  response: companyDetailSchema,
  message: 'partnerCompanies.deactivated',
});

export const listContractPrices = endpoint({
  method: 'GET',
  path: '/partner-companies/:uid/prices',
  permission: 'company.read',
  tags,
  summary: 'The company’s contract prices, by service then start day',
  params: companyParamsSchema,
  response: z.array(contractPriceSchema),
});

export const addContractPrice = endpoint({
  method: 'POST',
  path: '/partner-companies/:uid/prices',
  permission: 'company.manage',
  tags,
  summary:
    'Add a contract price for a catalogue service from a day (the open price ends the day before; 409 when it overlaps another period)',
  params: companyParamsSchema,
  body: contractPriceAddSchema,
  response: contractPriceSchema,
  errors: conflictErrors,
  message: 'partnerCompanies.priceAdded',
});

export const endContractPrice = endpoint({
  method: 'POST',
  path: '/partner-companies/:uid/prices/:priceUid/end',
  permission: 'company.manage',
  tags,
  summary: 'End a contract price on a day (its last valid day)',
  params: companyPriceParamsSchema,
  body: contractPriceEndSchema,
  response: contractPriceSchema,
  errors: conflictErrors,
  message: 'partnerCompanies.priceEnded',
});

export const listEmployees = endpoint({
  method: 'GET',
  path: '/partner-companies/:uid/employees',
  // names, NIKs and birth dates: for those who keep the companies, not every desk that shows a payer
  permission: 'company.manage',
  tags,
  summary: 'The employees the company covers, searched by name, number, NIK or department, paged',
  params: companyParamsSchema,
  query: employeeQuerySchema,
  response: pagedSchema(coveredEmployeeSchema),
});

export const addEmployee = endpoint({
  method: 'POST',
  path: '/partner-companies/:uid/employees',
  permission: 'company.manage',
  tags,
  summary: 'Add a covered employee (409 when the employee number is taken in this company)',
  params: companyParamsSchema,
  body: employeeSaveSchema,
  response: coveredEmployeeSchema,
  errors: conflictErrors,
  message: 'partnerCompanies.employeeSaved',
});

export const updateEmployee = endpoint({
  method: 'PUT',
  path: '/partner-companies/:uid/employees/:employeeUid',
  permission: 'company.manage',
  tags,
  summary: 'Change a covered employee',
  params: companyEmployeeParamsSchema,
  body: employeeSaveSchema,
  response: coveredEmployeeSchema,
  errors: conflictErrors,
  message: 'partnerCompanies.employeeSaved',
});

export const deactivateEmployee = endpoint({
  method: 'POST',
  path: '/partner-companies/:uid/employees/:employeeUid/deactivate',
  permission: 'company.manage',
  tags,
  summary: 'Deactivate a covered employee (no longer covered)',
  params: companyEmployeeParamsSchema,
  response: coveredEmployeeSchema,
  message: 'partnerCompanies.employeeDeactivated',
});

export const importEmployees = endpoint({
  method: 'POST',
  path: '/partner-companies/:uid/employees/import',
  permission: 'company.manage',
  tags,
  summary:
    'Import covered employees from xlsx (multipart field "file"): valid rows added or changed by employee number, each invalid row reported and not written',
  params: companyParamsSchema,
  multipart: true,
  response: employeeImportResultSchema,
  errors: { 413: errorAnswer },
  message: 'partnerCompanies.imported',
});

/** The import's workbook with its header row: a raw answer, opened by URL. */
export const employeeTemplate = endpoint({
  method: 'GET',
  path: '/partner-companies/employees/template',
  permission: 'company.manage',
  tags,
  summary: 'The xlsx template of the employee import',
  response: z.undefined(),
  raw: true,
});
