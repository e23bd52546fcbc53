import { accountingId } from './accounting.id.ts';
import { billingId } from './billing.id.ts';
import { billingDocumentsId } from './billing-documents.id.ts';
import { cashierId } from './cashier.id.ts';
import { cashierShiftsId } from './cashier-shifts.id.ts';
import { clinicServicesId } from './clinic-services.id.ts';
import { codeListsId } from './code-lists.id.ts';
import { codesId } from './codes.id.ts';
import { consultationsId } from './consultations.id.ts';
import { coreId } from './core.id.ts';
import { displayId } from './display.id.ts';
import { doctorQueueId } from './doctor-queue.id.ts';
import { drugsId } from './drugs.id.ts';
import { emrId } from './emr.id.ts';
import { examinationId } from './examination.id.ts';
import { frontOfficeId } from './front-office.id.ts';
import { insurersId } from './insurers.id.ts';
import { inventoryId } from './inventory.id.ts';
import { invoiceListId } from './invoice-list.id.ts';
import { labCatalogueId } from './lab-catalogue.id.ts';
import { labQueueId } from './lab-queue.id.ts';
import { labResultsId } from './lab-results.id.ts';
import { labResultsApiId } from './lab-results-api.id.ts';
import { labSpecimensId } from './lab-specimens.id.ts';
import { lettersId } from './letters.id.ts';
import { masterWebId } from './master-web.id.ts';
import { mcuExamId } from './mcu-exam.id.ts';
import { mcuOutputsId } from './mcu-outputs.id.ts';
import { mcuPortalId } from './mcu-portal.id.ts';
import { mcuSetupId } from './mcu-setup.id.ts';
import { mcuStationsId } from './mcu-stations.id.ts';
import { outboxId } from './outbox.id.ts';
import { partnerCompaniesId } from './partner-companies.id.ts';
import { patientsId } from './patients.id.ts';
import { payerInvoicesId } from './payer-invoices.id.ts';
import { pharmacyId } from './pharmacy.id.ts';
import { pharmacyQueueId } from './pharmacy-queue.id.ts';
import { physioId } from './physio.id.ts';
import { purchasingId } from './purchasing.id.ts';
import { queueBoardId } from './queue-board.id.ts';
import { radiologyId } from './radiology.id.ts';
import { regionsId } from './regions.id.ts';
import { registrationsId } from './registrations.id.ts';
import { satusehatId } from './satusehat.id.ts';
import { satusehatSettingsId } from './satusehat-settings.id.ts';
import { satusehatSyncId } from './satusehat-sync.id.ts';
import { scheduleOverviewId } from './schedule-overview.id.ts';
import { serviceHoursId } from './service-hours.id.ts';
import { servicesId } from './services.id.ts';
import { staffApiId } from './staff-api.id.ts';
import { staffWebId } from './staff-web.id.ts';
import { transactionReportId } from './transaction-report.id.ts';
import { treatmentId } from './treatment.id.ts';
import { turnaroundId } from './turnaround.id.ts';
import { visitResultsId } from './visit-results.id.ts';
import { webId } from './web.id.ts';

/** Bahasa Indonesia, the default language. Spec texts stay as the spec writes them. */
export const id = {
  ...coreId,
  web: webId,
  staffApi: staffApiId,
  staffWeb: staffWebId,
  satusehat: satusehatId,
  satusehatSettings: satusehatSettingsId,
  satusehatSync: satusehatSyncId,
  masterWeb: masterWebId,
  patients: patientsId,
  registrations: registrationsId,
  frontOffice: frontOfficeId,
  queueBoard: queueBoardId,
  doctorQueue: doctorQueueId,
  labQueue: labQueueId,
  display: displayId,
  regions: regionsId,
  consultations: consultationsId,
  examination: examinationId,
  emr: emrId,
  letters: lettersId,
  drugs: drugsId,
  codes: codesId,
  labCatalogue: labCatalogueId,
  labResults: labResultsId,
  labResultsApi: labResultsApiId,
  physio: physioId,
  treatment: treatmentId,
  inventory: inventoryId,
  pharmacy: pharmacyId,
  purchasing: purchasingId,
  partnerCompanies: partnerCompaniesId,
  insurers: insurersId,
  payerInvoices: payerInvoicesId,
  billing: billingId,
  billingDocuments: billingDocumentsId,
  cashier: cashierId,
  cashierShifts: cashierShiftsId,
  pharmacyQueue: pharmacyQueueId,
  labSpecimens: labSpecimensId,
  radiology: radiologyId,
  clinicServices: clinicServicesId,
  codeLists: codeListsId,
  serviceHours: serviceHoursId,
  services: servicesId,
  scheduleOverview: scheduleOverviewId,
  outbox: outboxId,
  visitResults: visitResultsId,
  turnaround: turnaroundId,
  mcuOutputs: mcuOutputsId,
  mcuPortal: mcuPortalId,
  mcuStations: mcuStationsId,
  mcuExam: mcuExamId,
  mcuSetup: mcuSetupId,
  transactionReport: transactionReportId,
  invoiceList: invoiceListId,
  accounting: accountingId,
};

export type Catalog = typeof id;
