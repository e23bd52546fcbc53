import type { MedicalCode } from '@klinikita/domain/codes/code.schema';
import type { Encounter } from '@klinikita/domain/consultations/encounter.schema';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { API, LIST_URL, ok, page } from './queue-fixtures.tsx';

export const ENCOUNTERS_URL = `${API}/consultations/encounters`;

/** A fresh draft of a called registration, as `POST consultations/encounters` answers it. */
export function encounterOf(r: Registration, overrides: Partial<Encounter> = {}): Encounter {
  const now = new Date().toISOString();
  return {
    uid: `e-${r._id}`,
    status: 'draft',
    version: 1,
    clinic: { id: r.clinicId, name: 'Klinik Sehat Menteng' },
    patient: { uid: r.patient.uid, mrn: r.patient.mrn, name: r.patient.name },
    registration: {
      uid: r._id,
      queueNumber: r.queueNumber,
      status: r.status,
      queueDate: r.queueDate,
      complaint: r.complaint,
      payerType: r.payerType,
    },
    doctor: { id: 5, name: 'dr. Alexander Wijaya' },
    systolic: null,
    diastolic: null,
    pulse: null,
    respiratoryRate: null,
    temperature: null,
    spo2: null,
    weight: null,
    height: null,
    bmi: null,
    subjective: r.complaint,
    objective: null,
    assessment: null,
    plan: null,
    diagnoses: [],
    procedures: [],
    prescription: [],
    orders: [],
    referral: null,
    createdAt: now,
    updatedAt: now,
    signedAt: null,
    signedBy: null,
    addenda: [],
    serviceOrders: [],
    prescriptionStatus: null,
    letters: [],
    ...overrides,
  };
}

export const code = (c: string, titleId: string, titleEn = titleId, favourite = false): MedicalCode => ({
  system: c.includes('.') && /^\d/.test(c) ? 'icd9cm' : 'icd10',
  code: c,
  titleId,
  titleEn,
  favourite,
  corrected: false,
});

export const ICD10 = [
  code(
    'J06.9',
    'Infeksi saluran pernapasan atas akut, tidak spesifik',
    'Acute upper respiratory infection, unspecified',
  ),
  code('J06.8', 'Infeksi saluran pernapasan atas akut lainnya', 'Other acute upper respiratory infections'),
  code('R50.9', 'Demam, tidak spesifik', 'Fever, unspecified', true),
];

export const DRUGS = [
  {
    uid: 'd-pct',
    name: 'Paracetamol',
    genericName: 'Paracetamol',
    form: 'tablet',
    strength: '500 mg',
    unit: 'tablet',
    kfaCode: '93000001',
    price: 500,
    active: true,
    updatedAt: new Date().toISOString(),
  },
  {
    uid: 'd-amx',
    name: 'Amoxicillin',
    genericName: 'Amoxicillin',
    form: 'kapsul',
    strength: '500 mg',
    unit: 'kapsul',
    kfaCode: '93000002',
    price: 900,
    active: true,
    updatedAt: new Date().toISOString(),
  },
];

type Reply = { status?: number; body: unknown };
export interface ExamServerOptions {
  /** Answers a PUT instead of saving (e.g. a 409). */
  onSave?: (body: Record<string, unknown>, current: Encounter) => Reply | undefined;
  onFinish?: (body: Record<string, unknown>, current: Encounter) => Reply | undefined;
  history?: Encounter[];
  templates?: unknown[];
  /** How the visit's note starts (e.g. already signed). */
  encounter?: Partial<Encounter>;
}

/**
 * A fake server for the examination: the registration, the note (POST opens it, PUT saves it
 * whole and bumps the version, finish signs it), the record, codes, drugs and templates.
 */
export function examinationHandlers(initial: Registration, options: ExamServerOptions = {}) {
  let registration = initial;
  let encounter = encounterOf(initial, options.encounter);
  const uid = encounter.uid;
  const puts: Record<string, unknown>[] = [];
  const finishes: Record<string, unknown>[] = [];
  const codeSearches: URLSearchParams[] = [];
  const favourites: { code: string; body: Record<string, unknown> }[] = [];
  const handlers: Record<string, (init: RequestInit | undefined, url: URL) => Reply> = {
    [`${LIST_URL}/${initial._id}`]: () => ok(registration),
    [LIST_URL]: () => page([]),
    [ENCOUNTERS_URL]: () => ok(encounter),
    [`${ENCOUNTERS_URL}/${uid}`]: (init) => {
      if (init?.method !== 'PUT') return ok(encounter);
      const body = JSON.parse(String(init.body));
      puts.push(body);
      const answer = options.onSave?.(body, encounter);
      if (answer) return answer;
      if (body.version !== encounter.version)
        return { status: 409, body: { status: false, message: 'Catatan ini diubah di layar lain.' } };
      const { version: _v, ...content } = body;
      encounter = { ...encounter, ...content, version: encounter.version + 1 };
      return ok(encounter, 'Draf tersimpan');
    },
    [`${ENCOUNTERS_URL}/${uid}/finish`]: (init) => {
      const body = JSON.parse(String(init?.body));
      finishes.push(body);
      const answer = options.onFinish?.(body, encounter);
      if (answer) return answer;
      const nextStatus = encounter.prescription.length ? 'Prescription Waiting' : 'Payment';
      encounter = {
        ...encounter,
        status: 'signed',
        signedAt: new Date().toISOString(),
        signedBy: { id: 5, name: 'dr. Alexander Wijaya' },
        prescriptionStatus: encounter.prescription.length ? 'waiting' : null,
        serviceOrders: encounter.orders.map((o, i) => ({
          uid: `so${i}`,
          serviceType: o.serviceType,
          items: o.items,
          note: o.note ?? null,
          registrationId: `sr${i}`,
          queueNumber: `${o.serviceType}-00${i + 1}`,
          status: 'Waiting',
          result: null,
          resultAt: null,
        })),
      };
      registration = { ...registration, status: nextStatus };
      return ok({ encounter, nextStatus });
    },
    [`${ENCOUNTERS_URL}/${uid}/addenda`]: (init) => {
      const { text } = JSON.parse(String(init?.body));
      encounter = {
        ...encounter,
        addenda: [
          ...encounter.addenda,
          {
            uid: `a${encounter.addenda.length}`,
            text,
            createdAt: new Date().toISOString(),
            by: { id: 5, name: 'dr. Alexander Wijaya' },
          },
        ],
      };
      return ok(encounter, 'Addendum ditambahkan');
    },
    [`${API}/consultations/patients/${initial.patient.uid}/encounters`]: () =>
      ok({
        docs: [encounter, ...(options.history ?? [])],
        page: 1,
        totalPages: 1,
        limit: 7,
        totalDocs: 1 + (options.history?.length ?? 0),
      }),
    [`${API}/codes/icd10`]: (_init, url) => {
      codeSearches.push(url.searchParams);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return ok(
        search
          ? ICD10.filter(
              (c) => c.code.toLowerCase().startsWith(search) || c.titleId.toLowerCase().includes(search),
            )
          : ICD10.filter((c) => c.favourite),
      );
    },
    [`${API}/codes/icd9cm`]: () => ok([]),
    ...Object.fromEntries(
      ICD10.map((c) => [
        `${API}/codes/icd10/${encodeURIComponent(c.code)}`,
        (init: RequestInit | undefined) => {
          const body = JSON.parse(String(init?.body));
          favourites.push({ code: c.code, body });
          return ok({ ...c, favourite: body.favourite });
        },
      ]),
    ),
    [`${API}/settings/pharmacy/drugs`]: (_init, url) => {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const docs = DRUGS.filter((d) => d.name.toLowerCase().includes(search));
      return ok({ docs, page: 1, totalPages: 1, limit: 10, totalDocs: docs.length });
    },
    [`${API}/consultations/templates`]: () => ok(options.templates ?? []),
  };
  return {
    handlers,
    puts,
    finishes,
    codeSearches,
    favourites,
    current: () => encounter,
    setEncounter: (e: Encounter) => {
      encounter = e;
    },
  };
}
