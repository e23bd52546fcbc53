import { z } from '../common/zod-config.ts';
import { SERVICE_GROUPS } from '../services/service.schema.ts';
import { BILLING_CYCLES, COPAY_TYPES } from './partner-company.rules.ts';

/** What the partner-company calls answer (no serial ids: `uid` is the public id). */

export const companySummarySchema = z.object({
  uid: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  legalName: z.string().nullable(),
  npwp: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  picName: z.string().nullable(),
  paymentTermDays: z.number().int(),
  creditLimit: z.number().int().nullable(),
  cutoffDay: z.number().int(),
  active: z.boolean(),
  /** Active employees covered. */
  employeeCount: z.number().int(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const excludedServiceSchema = z.object({ uid: z.string(), code: z.string(), name: z.string() });

export const companyDetailSchema = companySummarySchema.extend({
  address: z.string().nullable(),
  email: z.string().nullable(),
  billingCycle: z.enum(BILLING_CYCLES),
  ppnInvoiceRequired: z.boolean(),
  ceilingPerVisit: z.number().int().nullable(),
  ceilingPerYear: z.number().int().nullable(),
  copayType: z.enum(COPAY_TYPES),
  copayValue: z.number().int(),
  excludedGroups: z.array(z.enum(SERVICE_GROUPS)),
  excludedServices: z.array(excludedServiceSchema),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

export const contractPriceSchema = z.object({
  uid: z.string(),
  serviceUid: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  price: z.number().int(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});
export type ContractPrice = z.infer<typeof contractPriceSchema>;

export const coveredEmployeeSchema = z.object({
  uid: z.string(),
  employeeNumber: z.string(),
  nik: z.string(),
  name: z.string(),
  birthDate: z.string(),
  sex: z.enum(['M', 'F']),
  department: z.string().nullable(),
  active: z.boolean(),
  /** The corporate's patient with this NIK, when there is one. */
  patient: z.object({ uid: z.string(), mrn: z.string() }).nullable(),
});
export type CoveredEmployee = z.infer<typeof coveredEmployeeSchema>;

/** A rejected row of an employee import: its row in the sheet, the column and the message. */
export const employeeImportIssueSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type EmployeeImportIssue = z.infer<typeof employeeImportIssueSchema>;

export const employeeImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows not written (each has at least one issue). */
  rejected: z.number().int(),
  issues: z.array(employeeImportIssueSchema),
});
export type EmployeeImportResult = z.infer<typeof employeeImportResultSchema>;
