import type { BillingCycle, CopayType } from '@klinikita/domain/partner-companies/partner-company.rules';
import type {
  CompanyDetail,
  CompanySummary,
  ContractPrice,
  CoveredEmployee,
} from '@klinikita/domain/partner-companies/partner-company-answers.schema';
import type { ServiceGroup } from '@klinikita/domain/services/service.schema';
import type { CompanyRow, EmployeeRow, PriceRow } from './partner-companies.queries.ts';

/** Rows to the API's shapes: the uid is the public id, no serial id leaves the server. */

export const toCompanySummary = (c: CompanyRow, employeeCount: number): CompanySummary => ({
  uid: c.uid,
  name: c.name,
  code: c.code,
  legalName: c.legalName,
  npwp: c.npwp,
  city: c.city,
  phone: c.phone,
  picName: c.picName,
  paymentTermDays: c.paymentTermDays,
  creditLimit: c.creditLimit,
  cutoffDay: c.cutoffDay,
  active: c.active,
  employeeCount,
});

export const toCompanyDetail = (
  c: CompanyRow,
  employeeCount: number,
  excludedServices: { uid: string; code: string; name: string }[],
): CompanyDetail => ({
  ...toCompanySummary(c, employeeCount),
  address: c.address,
  email: c.email,
  billingCycle: c.billingCycle as BillingCycle,
  ppnInvoiceRequired: c.ppnInvoiceRequired,
  ceilingPerVisit: c.ceilingPerVisit,
  ceilingPerYear: c.ceilingPerYear,
  copayType: c.copayType as CopayType,
  copayValue: c.copayValue,
  excludedGroups: c.excludedGroups as ServiceGroup[],
  excludedServices,
});

export const toContractPrice = (p: PriceRow): ContractPrice => ({
  uid: p.uid,
  serviceUid: p.serviceUid,
  serviceCode: p.serviceCode,
  serviceName: p.serviceName,
  price: p.price,
  validFrom: p.validFrom,
  validTo: p.validTo,
});

export const toEmployee = (e: EmployeeRow): CoveredEmployee => ({
  uid: e.uid,
  employeeNumber: e.employeeNumber,
  nik: e.nik,
  name: e.name,
  birthDate: e.birthDate,
  sex: e.sex,
  department: e.department,
  active: e.active,
  patient: e.patientUid && e.patientMrn ? { uid: e.patientUid, mrn: e.patientMrn } : null,
});
