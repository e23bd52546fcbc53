import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, newPage } from './browser.ts';

/**
 * The setup of a spec through the API, as the screens send it: a call with a page's cookie, a
 * context logged in without a screen, and a doctor's visit at Menteng examined and signed.
 */

export const apiUrl = () => `${baseUrl()}/api/clinic/v1`;

/** A call with the page's cookie (writes carry the same-origin Origin the server wants); its data. */
export async function call<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const res = await page.request.fetch(`${apiUrl()}/${path}`, {
    method,
    data,
    headers: method === 'GET' ? {} : { origin: baseUrl() },
  });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method} ${path} → ${res.status()}: ${body.message}`);
  return body.data as T;
}

/** A context logged in through the API (the setup's users need no screen). */
export async function apiSession(browser: Browser, username: string) {
  const opened = await newPage(browser);
  const res = await opened.page.request.post(`${apiUrl()}/auth/login`, {
    data: { username, password: 'klinikita' },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
  return opened;
}

const NO_VITALS = {
  systolic: null,
  diastolic: null,
  pulse: null,
  respiratoryRate: null,
  temperature: null,
  spo2: null,
  weight: null,
  height: null,
};

/** What the doctor writes on the note (the rest of the note stays empty). */
export interface NoteContent {
  subjective: string;
  assessment?: string | null;
  diagnoses: { code: string; title: string; primary: boolean }[];
  prescription?: object[];
  orders?: { serviceType: string; items: string[]; note: string | null }[];
}

/**
 * Given `pendaftaran` registered a new patient (or an existing one: `{ uid, mrn }`) at Menteng for `dokter`, who examined them and
 * signed `note`: the patient and the visit. The doctor's session is passed to `prepare` first
 * (e.g. to look a drug up for the prescription).
 */
export async function signedDoctorVisit(
  browser: Browser,
  patient: Record<string, unknown>,
  complaint: string,
  note: NoteContent | ((doctor: Page) => Promise<NoteContent>),
) {
  const front = await apiSession(browser, 'pendaftaran');
  const doctor = await apiSession(browser, 'dokter');
  try {
    const dokter = await call<{ DoctorId: number }>(doctor.page, 'GET', 'users');
    const content = typeof note === 'function' ? await note(doctor.page) : note;
    // a patient already registered (`uid`, `mrn`) comes again; another is registered first
    const created =
      typeof patient.uid === 'string'
        ? { uid: patient.uid, mrn: String(patient.mrn) }
        : await call<{ uid: string; mrn: string }>(front.page, 'POST', 'patients', {
            clinicId: 10,
            ...patient,
            confirmDuplicate: true,
          });
    const visit = await call<{ _id: string }>(front.page, 'POST', 'registrations/registrations', {
      clinicId: 10,
      patientId: created.uid,
      orderType: 'doctor',
      doctorId: dokter.DoctorId,
      payerType: 'self',
      complaint,
    });
    await call(doctor.page, 'PATCH', `registrations/registrations/${visit._id}`, {
      clinicId: 10,
      updateField: { status: 'Examination' },
    });
    const opened = await call<{ uid: string; version: number }>(
      doctor.page,
      'POST',
      'consultations/encounters',
      {
        registrationId: visit._id,
      },
    );
    const saved = await call<{ version: number }>(
      doctor.page,
      'PUT',
      `consultations/encounters/${opened.uid}`,
      {
        ...NO_VITALS,
        subjective: content.subjective,
        objective: null,
        assessment: content.assessment ?? null,
        plan: null,
        diagnoses: content.diagnoses,
        procedures: [],
        prescription: content.prescription ?? [],
        orders: content.orders ?? [],
        referral: null,
        version: opened.version,
      },
    );
    await call(doctor.page, 'POST', `consultations/encounters/${opened.uid}/finish`, {
      version: saved.version,
    });
    return { patient: created, registrationId: visit._id, encounterUid: opened.uid };
  } finally {
    await front.context.close();
    await doctor.context.close();
  }
}

interface LabWork {
  tests: {
    parameters: {
      uid: string;
      code: string;
      formula: string | null;
      choices: string[] | null;
      range: { low: number | null; high: number | null } | null;
    }[];
  }[];
}

/**
 * The lab visit Cikarang made of a Menteng doctor's order (found by the patient's record number
 * once the order's event is handled): its uid.
 */
export async function labVisitOf(lab: Page, mrn: string): Promise<string> {
  let labVisit = '';
  await expect
    .poll(
      async () => {
        const rows = await call<{ _id: string }[]>(
          lab,
          'GET',
          `registrations/registrations/lab/mcu/populate/labpreass?clinicId=11&serviceType=LAB&search=${mrn}`,
        );
        labVisit = rows[0]?._id ?? '';
        return labVisit;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return labVisit;
}

/**
 * The lab enters every measured parameter of the visit (a choice's first option, else the range's
 * low end; `valueFor` overrides by parameter code), validates and releases it, as its screens send it.
 */
export async function releaseLabResults(
  lab: Page,
  labVisit: string,
  valueFor: (code: string) => number | string | undefined = () => undefined,
) {
  const work = await call<LabWork>(lab, 'GET', `lab-results/visits/${labVisit}`);
  const values = work.tests
    .flatMap((t) => t.parameters)
    .filter((p) => !p.formula)
    .map((p) => ({
      parameterUid: p.uid,
      value: valueFor(p.code) ?? (p.choices ? p.choices[0] : (p.range?.low ?? p.range?.high ?? 1)),
    }));
  await call(lab, 'PUT', `lab-results/visits/${labVisit}/values`, { version: null, values });
  await call(lab, 'POST', `lab-results/visits/${labVisit}/validate`);
  await call(lab, 'POST', `lab-results/visits/${labVisit}/release`);
}
