import { coreId } from '@klinikita/domain/i18n/core.id';
import type { Catalog } from '@klinikita/domain/i18n/id';
import type { Locale } from '@klinikita/domain/i18n/locale';
import { webId } from '@klinikita/domain/i18n/web.id';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocaleCookie, writeLocaleCookie } from './locale-cookie.ts';

const initial = readLocaleCookie();

export const i18n: I18n = i18next.createInstance();
// the first screen carries only the shell's words (core, web), in Indonesian, the default; in
// English they are a chunk of their own (loadShell). Each screen behind the login loads the
// sections it names with its own chunk, in the language on screen (loadCatalogues, router.tsx)
i18n.use(initReactI18next).init({
  resources: {
    id: { translation: { ...coreId, web: webId } },
  },
  lng: initial,
  fallbackLng: 'id',
  supportedLngs: ['id', 'en'],
  interpolation: { escapeValue: false },
  // server messages are sentences that may hold ':'; keys never name a namespace
  nsSeparator: false,
  initAsync: false,
});
applyDocumentLocale(initial);

let englishShell: Promise<void> | null = null;
/** The shell's words in `locale`, loaded once (Indonesian is in the first load). */
export function loadShell(locale: Locale): Promise<void> {
  if (locale !== 'en') return Promise.resolve();
  englishShell ??= Promise.all([
    import('@klinikita/domain/i18n/core.en'),
    import('@klinikita/domain/i18n/web.en'),
  ]).then(
    ([{ coreEn }, { webEn }]) => {
      i18n.addResourceBundle('en', 'translation', { ...coreEn, web: webEn }, true, true);
    },
    (error) => {
      englishShell = null;
      throw error;
    },
  );
  return englishShell;
}

/** The shell's words in the language the app starts in: the app renders once they are in (main.tsx). */
export const i18nReady: Promise<void> = loadShell(initial);

function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
}

export const currentLocale = (): Locale => (i18n.language === 'en' ? 'en' : 'id');

/** Switches the language as soon as its words are in, and remembers it in the `locale` cookie. */
export async function changeLocale(locale: Locale): Promise<void> {
  await Promise.all([loadShell(locale), ...[...wanted].map((section) => loadSection(section, locale))]);
  writeLocaleCookie(locale);
  applyDocumentLocale(locale);
  await i18n.changeLanguage(locale);
}

/** The sections of the catalogue that only screens behind the login use; the shell's (core, web) are above. */
export type CatalogueSection = Exclude<keyof Catalog, keyof typeof coreId | 'web'>;

type Section = Record<string, unknown>;
/** One section in either language: each catalogue file exports its one section. */
const pair =
  (id: () => Promise<Record<string, Section>>, en: () => Promise<Record<string, Section>>) =>
  (locale: Locale): Promise<Section> =>
    (locale === 'en' ? en() : id()).then((m) => Object.values(m)[0]!);

// spelled out so that the bundler gives each section a chunk of its own; the Record makes a new
// section of the catalogue fail the type check until it can be loaded here
const SECTIONS: Record<CatalogueSection, (locale: Locale) => Promise<Section>> = {
  accounting: pair(
    () => import('@klinikita/domain/i18n/accounting.id'),
    () => import('@klinikita/domain/i18n/accounting.en'),
  ),
  staffApi: pair(
    () => import('@klinikita/domain/i18n/staff-api.id'),
    () => import('@klinikita/domain/i18n/staff-api.en'),
  ),
  staffWeb: pair(
    () => import('@klinikita/domain/i18n/staff-web.id'),
    () => import('@klinikita/domain/i18n/staff-web.en'),
  ),
  satusehat: pair(
    () => import('@klinikita/domain/i18n/satusehat.id'),
    () => import('@klinikita/domain/i18n/satusehat.en'),
  ),
  satusehatSettings: pair(
    () => import('@klinikita/domain/i18n/satusehat-settings.id'),
    () => import('@klinikita/domain/i18n/satusehat-settings.en'),
  ),
  satusehatSync: pair(
    () => import('@klinikita/domain/i18n/satusehat-sync.id'),
    () => import('@klinikita/domain/i18n/satusehat-sync.en'),
  ),
  masterWeb: pair(
    () => import('@klinikita/domain/i18n/master-web.id'),
    () => import('@klinikita/domain/i18n/master-web.en'),
  ),
  patients: pair(
    () => import('@klinikita/domain/i18n/patients.id'),
    () => import('@klinikita/domain/i18n/patients.en'),
  ),
  registrations: pair(
    () => import('@klinikita/domain/i18n/registrations.id'),
    () => import('@klinikita/domain/i18n/registrations.en'),
  ),
  frontOffice: pair(
    () => import('@klinikita/domain/i18n/front-office.id'),
    () => import('@klinikita/domain/i18n/front-office.en'),
  ),
  queueBoard: pair(
    () => import('@klinikita/domain/i18n/queue-board.id'),
    () => import('@klinikita/domain/i18n/queue-board.en'),
  ),
  doctorQueue: pair(
    () => import('@klinikita/domain/i18n/doctor-queue.id'),
    () => import('@klinikita/domain/i18n/doctor-queue.en'),
  ),
  labQueue: pair(
    () => import('@klinikita/domain/i18n/lab-queue.id'),
    () => import('@klinikita/domain/i18n/lab-queue.en'),
  ),
  display: pair(
    () => import('@klinikita/domain/i18n/display.id'),
    () => import('@klinikita/domain/i18n/display.en'),
  ),
  regions: pair(
    () => import('@klinikita/domain/i18n/regions.id'),
    () => import('@klinikita/domain/i18n/regions.en'),
  ),
  consultations: pair(
    () => import('@klinikita/domain/i18n/consultations.id'),
    () => import('@klinikita/domain/i18n/consultations.en'),
  ),
  examination: pair(
    () => import('@klinikita/domain/i18n/examination.id'),
    () => import('@klinikita/domain/i18n/examination.en'),
  ),
  emr: pair(
    () => import('@klinikita/domain/i18n/emr.id'),
    () => import('@klinikita/domain/i18n/emr.en'),
  ),
  letters: pair(
    () => import('@klinikita/domain/i18n/letters.id'),
    () => import('@klinikita/domain/i18n/letters.en'),
  ),
  drugs: pair(
    () => import('@klinikita/domain/i18n/drugs.id'),
    () => import('@klinikita/domain/i18n/drugs.en'),
  ),
  codes: pair(
    () => import('@klinikita/domain/i18n/codes.id'),
    () => import('@klinikita/domain/i18n/codes.en'),
  ),
  labCatalogue: pair(
    () => import('@klinikita/domain/i18n/lab-catalogue.id'),
    () => import('@klinikita/domain/i18n/lab-catalogue.en'),
  ),
  labResults: pair(
    () => import('@klinikita/domain/i18n/lab-results.id'),
    () => import('@klinikita/domain/i18n/lab-results.en'),
  ),
  labResultsApi: pair(
    () => import('@klinikita/domain/i18n/lab-results-api.id'),
    () => import('@klinikita/domain/i18n/lab-results-api.en'),
  ),
  physio: pair(
    () => import('@klinikita/domain/i18n/physio.id'),
    () => import('@klinikita/domain/i18n/physio.en'),
  ),
  treatment: pair(
    () => import('@klinikita/domain/i18n/treatment.id'),
    () => import('@klinikita/domain/i18n/treatment.en'),
  ),
  inventory: pair(
    () => import('@klinikita/domain/i18n/inventory.id'),
    () => import('@klinikita/domain/i18n/inventory.en'),
  ),
  pharmacy: pair(
    () => import('@klinikita/domain/i18n/pharmacy.id'),
    () => import('@klinikita/domain/i18n/pharmacy.en'),
  ),
  purchasing: pair(
    () => import('@klinikita/domain/i18n/purchasing.id'),
    () => import('@klinikita/domain/i18n/purchasing.en'),
  ),
  billing: pair(
    () => import('@klinikita/domain/i18n/billing.id'),
    () => import('@klinikita/domain/i18n/billing.en'),
  ),
  billingDocuments: pair(
    () => import('@klinikita/domain/i18n/billing-documents.id'),
    () => import('@klinikita/domain/i18n/billing-documents.en'),
  ),
  cashier: pair(
    () => import('@klinikita/domain/i18n/cashier.id'),
    () => import('@klinikita/domain/i18n/cashier.en'),
  ),
  cashierShifts: pair(
    () => import('@klinikita/domain/i18n/cashier-shifts.id'),
    () => import('@klinikita/domain/i18n/cashier-shifts.en'),
  ),
  partnerCompanies: pair(
    () => import('@klinikita/domain/i18n/partner-companies.id'),
    () => import('@klinikita/domain/i18n/partner-companies.en'),
  ),
  insurers: pair(
    () => import('@klinikita/domain/i18n/insurers.id'),
    () => import('@klinikita/domain/i18n/insurers.en'),
  ),
  payerInvoices: pair(
    () => import('@klinikita/domain/i18n/payer-invoices.id'),
    () => import('@klinikita/domain/i18n/payer-invoices.en'),
  ),
  pharmacyQueue: pair(
    () => import('@klinikita/domain/i18n/pharmacy-queue.id'),
    () => import('@klinikita/domain/i18n/pharmacy-queue.en'),
  ),
  labSpecimens: pair(
    () => import('@klinikita/domain/i18n/lab-specimens.id'),
    () => import('@klinikita/domain/i18n/lab-specimens.en'),
  ),
  radiology: pair(
    () => import('@klinikita/domain/i18n/radiology.id'),
    () => import('@klinikita/domain/i18n/radiology.en'),
  ),
  clinicServices: pair(
    () => import('@klinikita/domain/i18n/clinic-services.id'),
    () => import('@klinikita/domain/i18n/clinic-services.en'),
  ),
  codeLists: pair(
    () => import('@klinikita/domain/i18n/code-lists.id'),
    () => import('@klinikita/domain/i18n/code-lists.en'),
  ),
  serviceHours: pair(
    () => import('@klinikita/domain/i18n/service-hours.id'),
    () => import('@klinikita/domain/i18n/service-hours.en'),
  ),
  services: pair(
    () => import('@klinikita/domain/i18n/services.id'),
    () => import('@klinikita/domain/i18n/services.en'),
  ),
  scheduleOverview: pair(
    () => import('@klinikita/domain/i18n/schedule-overview.id'),
    () => import('@klinikita/domain/i18n/schedule-overview.en'),
  ),
  outbox: pair(
    () => import('@klinikita/domain/i18n/outbox.id'),
    () => import('@klinikita/domain/i18n/outbox.en'),
  ),
  visitResults: pair(
    () => import('@klinikita/domain/i18n/visit-results.id'),
    () => import('@klinikita/domain/i18n/visit-results.en'),
  ),
  mcuOutputs: pair(
    () => import('@klinikita/domain/i18n/mcu-outputs.id'),
    () => import('@klinikita/domain/i18n/mcu-outputs.en'),
  ),
  mcuPortal: pair(
    () => import('@klinikita/domain/i18n/mcu-portal.id'),
    () => import('@klinikita/domain/i18n/mcu-portal.en'),
  ),
  mcuStations: pair(
    () => import('@klinikita/domain/i18n/mcu-stations.id'),
    () => import('@klinikita/domain/i18n/mcu-stations.en'),
  ),
  mcuExam: pair(
    () => import('@klinikita/domain/i18n/mcu-exam.id'),
    () => import('@klinikita/domain/i18n/mcu-exam.en'),
  ),
  mcuSetup: pair(
    () => import('@klinikita/domain/i18n/mcu-setup.id'),
    () => import('@klinikita/domain/i18n/mcu-setup.en'),
  ),
  turnaround: pair(
    () => import('@klinikita/domain/i18n/turnaround.id'),
    () => import('@klinikita/domain/i18n/turnaround.en'),
  ),
  transactionReport: pair(
    () => import('@klinikita/domain/i18n/transaction-report.id'),
    () => import('@klinikita/domain/i18n/transaction-report.en'),
  ),
  invoiceList: pair(
    () => import('@klinikita/domain/i18n/invoice-list.id'),
    () => import('@klinikita/domain/i18n/invoice-list.en'),
  ),
};

/** Each section in each language, loading or loaded, by `${locale}:${section}`. */
const loaded = new Map<string, Promise<void>>();
/** The sections the screens opened so far have asked for: a change of language loads them too. */
const wanted = new Set<CatalogueSection>();

function loadSection(section: CatalogueSection, locale: Locale): Promise<void> {
  const key = `${locale}:${section}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = SECTIONS[section](locale).then(
      (words) => {
        i18n.addResourceBundle(locale, 'translation', { [section]: words }, true, true);
      },
      (error) => {
        // a failed chunk (a deploy in between) is tried again on the next visit
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

/**
 * Loads sections of the catalogue in the language on screen, each once; a screen's route awaits
 * its sections together with its chunk, before it renders. A change of language loads the other
 * language's words of every section asked for so far before it switches (`changeLocale`).
 */
export function loadCatalogues(sections: readonly CatalogueSection[]): Promise<void> {
  const locale = currentLocale();
  return Promise.all(
    sections.map((section) => {
      wanted.add(section);
      return loadSection(section, locale);
    }),
  ).then(() => undefined);
}

/** A lazily loaded module that needs sections of the catalogue: both load at the same time. */
export const withCatalogues =
  <M>(sections: readonly CatalogueSection[], importer: () => Promise<M>) =>
  (): Promise<M> =>
    Promise.all([importer(), loadCatalogues(sections)]).then(([module]) => module);

/**
 * Text of a message that is either a catalogue key (zod messages such as
 * 'validation.usernameRequired') or already a sentence (server messages, spec texts).
 */
export const translateMessage = (message: string): string =>
  i18n.exists(message) ? i18n.t(message) : message;
