import { accountingEn } from './accounting.en.ts';
import { billingEn } from './billing.en.ts';
import { billingDocumentsEn } from './billing-documents.en.ts';
import { cashierEn } from './cashier.en.ts';
import { cashierShiftsEn } from './cashier-shifts.en.ts';
import { clinicServicesEn } from './clinic-services.en.ts';
import { codeListsEn } from './code-lists.en.ts';
import { codesEn } from './codes.en.ts';
import { consultationsEn } from './consultations.en.ts';
import { coreEn } from './core.en.ts';
import { displayEn } from './display.en.ts';
import { doctorQueueEn } from './doctor-queue.en.ts';
import { drugsEn } from './drugs.en.ts';
import { emrEn } from './emr.en.ts';
import { examinationEn } from './examination.en.ts';
import { frontOfficeEn } from './front-office.en.ts';
import type { Catalog } from './id.ts';
import { insurersEn } from './insurers.en.ts';
import { inventoryEn } from './inventory.en.ts';
import { invoiceListEn } from './invoice-list.en.ts';
import { labCatalogueEn } from './lab-catalogue.en.ts';
import { labQueueEn } from './lab-queue.en.ts';
import { labResultsEn } from './lab-results.en.ts';
import { labResultsApiEn } from './lab-results-api.en.ts';
import { labSpecimensEn } from './lab-specimens.en.ts';
import { lettersEn } from './letters.en.ts';
import { masterWebEn } from './master-web.en.ts';
import { mcuExamEn } from './mcu-exam.en.ts';
import { mcuOutputsEn } from './mcu-outputs.en.ts';
import { mcuPortalEn } from './mcu-portal.en.ts';
import { mcuSetupEn } from './mcu-setup.en.ts';
import { mcuStationsEn } from './mcu-stations.en.ts';
import { outboxEn } from './outbox.en.ts';
import { partnerCompaniesEn } from './partner-companies.en.ts';
import { patientsEn } from './patients.en.ts';
import { payerInvoicesEn } from './payer-invoices.en.ts';
import { pharmacyEn } from './pharmacy.en.ts';
import { pharmacyQueueEn } from './pharmacy-queue.en.ts';
import { physioEn } from './physio.en.ts';
import { purchasingEn } from './purchasing.en.ts';
import { queueBoardEn } from './queue-board.en.ts';
import { radiologyEn } from './radiology.en.ts';
import { regionsEn } from './regions.en.ts';
import { registrationsEn } from './registrations.en.ts';
import { satusehatEn } from './satusehat.en.ts';
import { satusehatSettingsEn } from './satusehat-settings.en.ts';
import { satusehatSyncEn } from './satusehat-sync.en.ts';
import { scheduleOverviewEn } from './schedule-overview.en.ts';
import { serviceHoursEn } from './service-hours.en.ts';
import { servicesEn } from './services.en.ts';
import { staffApiEn } from './staff-api.en.ts';
import { staffWebEn } from './staff-web.en.ts';
import { transactionReportEn } from './transaction-report.en.ts';
import { treatmentEn } from './treatment.en.ts';
import { turnaroundEn } from './turnaround.en.ts';
import { visitResultsEn } from './visit-results.en.ts';
import { webEn } from './web.en.ts';

export const en: Catalog = {
  ...coreEn,
  web: webEn,
  staffApi: staffApiEn,
  staffWeb: staffWebEn,
  satusehat: satusehatEn,
  satusehatSettings: satusehatSettingsEn,
  satusehatSync: satusehatSyncEn,
  masterWeb: masterWebEn,
  patients: patientsEn,
  registrations: registrationsEn,
  frontOffice: frontOfficeEn,
  queueBoard: queueBoardEn,
  doctorQueue: doctorQueueEn,
  labQueue: labQueueEn,
  display: displayEn,
  regions: regionsEn,
  consultations: consultationsEn,
  examination: examinationEn,
  emr: emrEn,
  letters: lettersEn,
  drugs: drugsEn,
  codes: codesEn,
  labCatalogue: labCatalogueEn,
  labResults: labResultsEn,
  labResultsApi: labResultsApiEn,
  physio: physioEn,
  treatment: treatmentEn,
  inventory: inventoryEn,
  pharmacy: pharmacyEn,
  purchasing: purchasingEn,
  partnerCompanies: partnerCompaniesEn,
  insurers: insurersEn,
  payerInvoices: payerInvoicesEn,
  billing: billingEn,
  billingDocuments: billingDocumentsEn,
  cashier: cashierEn,
  cashierShifts: cashierShiftsEn,
  pharmacyQueue: pharmacyQueueEn,
  labSpecimens: labSpecimensEn,
  radiology: radiologyEn,
  clinicServices: clinicServicesEn,
  codeLists: codeListsEn,
  serviceHours: serviceHoursEn,
  services: servicesEn,
  scheduleOverview: scheduleOverviewEn,
  outbox: outboxEn,
  visitResults: visitResultsEn,
  turnaround: turnaroundEn,
  mcuOutputs: mcuOutputsEn,
  mcuPortal: mcuPortalEn,
  mcuStations: mcuStationsEn,
  mcuExam: mcuExamEn,
  mcuSetup: mcuSetupEn,
  transactionReport: transactionReportEn,
  invoiceList: invoiceListEn,
  accounting: accountingEn,
};
