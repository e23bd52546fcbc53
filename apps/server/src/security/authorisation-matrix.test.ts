import { randomUUID } from 'node:crypto';
import { accessibleRoutes, type MenuAccess } from '@klinikita/domain/access/menu';
import {
  DOCTOR_ONLY_PERMISSIONS,
  mayMoveVisit,
  type Permission,
  permissionsOf,
} from '@klinikita/domain/access/permissions';
import { ALL_ACCESS_ROLES } from '@klinikita/domain/access/roles';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { CLINICAL_ROLES } from '@klinikita/domain/consultations/consultation.rules';
import { translate } from '@klinikita/domain/i18n/translate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  encounters,
  prescriptions,
  registrations,
  roles,
  satusehatDeliveries,
  users,
} from '../db/schema/index.ts';
import { grantMenus } from '../db/seed/demo.ts';
import { hashPassword, newUid } from '../shared/crypto.ts';
import {
  addForeignCorporate,
  DEMO_ROLE_USERS,
  IMAGES,
  multipart,
  userByName,
} from '../test/staff-fixtures.ts';
import { API, createTestApp, json, type TestContext } from '../test/test-app.ts';
import { ensureCodes, practisesToday } from '../test/visit-fixtures.ts';
import { type Answer, type ApiRoute, apiRoutes, fillPath } from './harness.ts';

/**
 * Every API route × every demo role × own clinic / the same corporate's other clinic outside the
 * user's scope / another corporate's clinic and records × no session. The expectation is derived,
 * not written out: the route's permission (from the auth plugin) and the role's permissions (from
 * the catalogue and its menu grants) say who passes — no session 401, no permission 403 — and a
 * role that passes must get past the access checks for its own clinic but never reach another
 * clinic's or another corporate's data (403 or 404, never 2xx). The derived "who may call what"
 * is kept as a reviewed file (`__snapshots__/access-matrix.txt`): changing a route's permission
 * or a role's grants shows up there. */

const ROLES = DEMO_ROLE_USERS;
type Who = (typeof ROLES)[number] | 'dokter2' | 'superlain' | 'dokterlain';

const FOREIGN_MARK = 'ZZ Asing';
const FORBIDDEN = translate('id', 'api.forbidden');

interface Me {
  token: string;
  username: string;
  roleName: string;
  access: MenuAccess[];
  uid: string;
  uidEmployee: string | null;
  doctorId: number | null;
  name: string;
  clinicId: number;
  /** The clinics of the user's scope (session) */
  clinics: number[];
}

/** What a request may point at: one clinic's (or corporate's) records. */
interface Scope {
  corpId: number;
  clinicId: number;
  patient: string;
  patientToDelete: string;
  registration: string;
  /** A refused delivery of the visit to SATUSEHAT (the sync screen's "Kirim ulang") */
  delivery: string;
  /** A lab visit registered at the front office (lab results) */
  labVisit: string;
  encounter: string;
  letter: string;
  template: string;
  drug: string;
  codeListItem: string;
  service: string;
  price: string;
  labTest: string;
  labParameter: string;
  file: string;
  role: string;
  roleToDelete: string;
  employee: string;
  user: string;
  doctorId: number;
  token: string;
  /** Two stock locations of the clinic, the first holding the scope's drug in batch MTX */
  location: string;
  toLocation: string;
  /** A prescription of the scope's visit, waiting at the pharmacy */
  prescription: string;
  /** A partner company of the corporate, with one covered employee */
  partnerCompany: string;
  companyEmployee: string;
}

interface Spec {
  path?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  multipart?: string;
}

let ctx: TestContext;
let base = '';
const me = {} as Record<Who, Me>;
const own: Record<number, Scope> = {};
let foreign: Scope;
let routes: ApiRoute[] = [];
let prefixes: Record<string, string> = {};
let serial = 100;
const next = () => serial++;
/** Every uid of the other corporate: none may appear in an answer to the demo chain. */
const foreignMarks: string[] = [];

const send = async (
  who: Who | null,
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> => {
  const auth = who ? { authorization: me[who].token } : {};
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { ...auth, ...headers },
    payload: payload as string,
    // the login throttle counts by address: each call from its own
    remoteAddress: `10.88.${next() % 250}.${next() % 250}`,
  });
};

/** A set-up call that must succeed; answers `data`. */
async function must(who: Who, method: string, path: string, payload?: object) {
  const res = await send(who, method, `${API}${path}`, payload);
  if (res.statusCode !== 200) throw new Error(`${who} ${method} ${path}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body).data;
}

async function logIn(who: Who, password = 'klinikita') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    payload: { username: who, password },
    remoteAddress: `10.89.0.${next() % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`login ${who}: ${res.body}`);
  const { token, user } = json(res).data;
  const row = await userByName(ctx.database.db, who);
  me[who] = {
    token,
    username: who,
    roleName: user.role.role,
    access: user.role.menu.access,
    uid: user._id,
    uidEmployee: user.uidEmployee,
    doctorId: user.DoctorId,
    name: user.name,
    clinicId: row.clinicId ?? 10,
    clinics: user.clinics.map((c: { id: number }) => c.id),
  };
}

// 16 digits however many calls the matrix makes: past 9 999 the district digits count on
const nik = (n: number) =>
  `3171${String(6 + Math.floor(n / 10_000)).padStart(2, '0')}120388${String(n % 10_000).padStart(4, '0')}`;

/**
 * A letter is written from a signed note only (issue 13 item 7): a second patient's visit, its note
 * signed, and a health certificate from it. The first patient's note stays a draft for the routes.
 */
async function letterOfSignedVisit(
  admin: Who,
  doctor: Who,
  clinicId: number,
  doctorId: number,
  name: string,
) {
  await ensureCodes(ctx.database.db);
  const patient = (
    await must(admin, 'POST', '/patients', { clinicId, name, sex: 'F', dob: '12/03/1988', nik: nik(next()) })
  ).uid;
  const registration = (
    await must(admin, 'POST', '/registrations/registrations', {
      clinicId,
      patientId: patient,
      orderType: 'doctor',
      doctorId,
      payerType: 'self',
    })
  )._id;
  await must(doctor, 'PATCH', `/registrations/registrations/${registration}`, {
    clinicId,
    updateField: { status: 'Examination' },
  });
  const opened = await must(doctor, 'POST', '/consultations/encounters', { registrationId: registration });
  const saved = await must(doctor, 'PUT', `/consultations/encounters/${opened.uid}`, {
    ...EMPTY_NOTE,
    diagnoses: [{ code: 'J06.9', title: 'Infeksi saluran pernapasan atas akut', primary: true }],
    version: opened.version,
  });
  await must(doctor, 'POST', `/consultations/encounters/${opened.uid}/finish`, { version: saved.version });
  return (
    await must(doctor, 'POST', '/consultations/letters', {
      kind: 'health',
      encounterId: opened.uid,
      purpose: 'Melamar pekerjaan',
      healthy: true,
    })
  ).uid as string;
}

/** A patient with a doctor visit called in, its note opened and a letter written. */
async function records(
  admin: Who,
  doctor: Who,
  clinicId: number,
  doctorId: number,
  name: string,
): Promise<
  Pick<
    Scope,
    | 'patient'
    | 'patientToDelete'
    | 'registration'
    | 'delivery'
    | 'labVisit'
    | 'encounter'
    | 'letter'
    | 'token'
  >
> {
  await practisesToday(ctx.database.db, doctorId, clinicId);
  const patient = (
    await must(admin, 'POST', '/patients', { clinicId, name, sex: 'M', dob: '12/03/1988', nik: nik(next()) })
  ).uid;
  const patientToDelete = (
    await must(admin, 'POST', '/patients', {
      clinicId,
      name: `${name} Hapus`,
      sex: 'M',
      dob: '12/03/1988',
      nik: nik(next()),
    })
  ).uid;
  const registration = (
    await must(admin, 'POST', '/registrations/registrations', {
      clinicId,
      patientId: patient,
      orderType: 'doctor',
      doctorId,
      payerType: 'self',
      complaint: 'Demam',
    })
  )._id;
  await must(doctor, 'PATCH', `/registrations/registrations/${registration}`, {
    clinicId,
    updateField: { status: 'Examination' },
  });
  const labVisit = (
    await must(admin, 'POST', '/registrations/registrations', {
      clinicId,
      patientId: patient,
      orderType: 'service',
      serviceType: 'LAB',
      payerType: 'self',
      complaint: 'Darah Lengkap',
    })
  )._id;
  const encounter = (
    await must(doctor, 'POST', '/consultations/encounters', { registrationId: registration })
  ).uid;
  const letter = await letterOfSignedVisit(admin, doctor, clinicId, doctorId, `${name} Surat`);
  const link = await must(admin, 'POST', '/registrations/display-link', { clinicId });
  const token =
    String(link.url ?? link.token ?? '')
      .split('/')
      .pop() ?? '';
  const delivery = await refusedDelivery(registration);
  return { patient, patientToDelete, registration, delivery, labVisit, encounter, letter, token };
}

/** The worker's row for a refused visit, written straight to the table (the worker is not under test). */
async function refusedDelivery(registrationUid: string): Promise<string> {
  const db = ctx.database.db;
  const [visit] = await db.select().from(registrations).where(eq(registrations.uid, registrationUid));
  const [row] = await db
    .insert(satusehatDeliveries)
    .values({
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      kind: 'encounter',
      sourceKey: registrationUid,
      registrationId: visit.id,
      clinicDay: visit.queueDate,
      state: 'refused',
      message: 'Encounter.subject is required',
      issueCode: 'required',
    })
    .returning();
  return row.uid;
}

/** Corporate-wide records: a role, a template, a drug, a staff member and an uploaded file. */
async function corporateRecords(admin: Who, doctor: Who, clinicId: number, mark: string) {
  const role = (await must(admin, 'POST', '/settings/roles', { role: `${mark} Peran` }))._id;
  const roleToDelete = (await must(admin, 'POST', '/settings/roles', { role: `${mark} Hapus` }))._id;
  const template = (
    await must(doctor, 'POST', '/consultations/templates', { name: `${mark} Template`, content: TEMPLATE })
  ).uid;
  const drug = (
    await must(admin, 'POST', '/settings/pharmacy/drugs', {
      name: `${mark} Obat`,
      form: 'tablet',
      strength: '500 mg',
      unit: 'tablet',
      price: 500,
    })
  ).uid;
  const codeListItem = (
    await must(admin, 'POST', '/code-lists/cancellation/items', {
      code: `MATRIX-${clinicId}`,
      nameId: `${mark} Alasan`,
      nameEn: `${mark} Reason`,
    })
  ).uid;
  // the catalogue: a lab test of the service master with a price and a parameter
  const service = (
    await must(admin, 'POST', '/services', {
      code: `MTX-LAB-${clinicId}`,
      nameId: `${mark} Tes`,
      nameEn: `${mark} Test`,
      group: 'lab',
      unit: 'pemeriksaan',
      taxCategory: 'exempt',
    })
  ).uid;
  const price = (
    await must(admin, 'POST', `/services/${service}/prices`, {
      payerClass: 'general',
      validFrom: '2026-01-01',
      facilityFee: 1000,
      professionalFee: 0,
      consumablesFee: 0,
    })
  ).price.uid;
  const labParameter = (
    await must(admin, 'POST', `/lab-catalogue/tests/${service}/parameters`, {
      ...LAB_PARAMETER,
      code: 'MTX',
    })
  ).uid;
  const n = next();
  await must(admin, 'POST', '/settings/employees', staff(n, role, clinicId, mark));
  const [employee] = await ctx.database.db
    .select()
    .from(employees)
    .where(eq(employees.name, `${mark} Staf ${n}`));
  const [user] = await ctx.database.db.select().from(users).where(eq(users.employeeId, employee.id));
  const { payload, headers } = multipart([
    { field: 'files', filename: 'a.png', type: 'image/png', content: IMAGES.png },
  ]);
  const uploaded = await send(admin, 'POST', `${API}/assesments/doctor/upload`, payload, headers);
  if (uploaded.statusCode !== 200) throw new Error(`upload: ${uploaded.body}`);
  const file = String(JSON.parse(uploaded.body).data.url).split('/').pop() ?? '';
  const partnerCompany = (
    await must(admin, 'POST', '/partner-companies', { name: `${mark} Rekanan ${clinicId}` })
  ).uid as string;
  const companyEmployee = (
    await must(admin, 'POST', `/partner-companies/${partnerCompany}/employees`, {
      employeeNumber: `MTX-${clinicId}`,
      nik: nik(next()),
      name: `${mark} Karyawan`,
      birthDate: '1988-03-12',
      sex: 'M',
    })
  ).uid as string;
  return {
    partnerCompany,
    companyEmployee,
    role,
    roleToDelete,
    template,
    drug,
    codeListItem,
    service,
    price,
    labTest: service,
    labParameter,
    employee: employee.uid,
    user: user.uid,
    file,
  };
}

/** The clinic's warehouse and pharmacy, the warehouse holding the drug (batch MTX) for the stock calls. */
async function stockRecords(admin: Who, clinicId: number, drug: string, mark: string) {
  const location = (
    await must(admin, 'POST', '/inventory/locations', { clinicId, name: `${mark} Gudang`, type: 'warehouse' })
  ).uid as string;
  const toLocation = (
    await must(admin, 'POST', '/inventory/locations', { clinicId, name: `${mark} Apotek`, type: 'pharmacy' })
  ).uid as string;
  await must(admin, 'POST', `/inventory/locations/${location}/receipts`, STOCK_RECEIPT(drug));
  return { location, toLocation };
}

/** A prescription of the visit's note, written directly (the note stays a draft for the routes). */
async function prescriptionOf(encounterUid: string, drug: string) {
  const db = ctx.database.db;
  const [note] = await db.select().from(encounters).where(eq(encounters.uid, encounterUid));
  const uid = newUid();
  await db.insert(prescriptions).values({
    uid,
    corpId: note.corpId,
    clinicId: note.clinicId,
    patientId: note.patientId,
    encounterId: note.id,
    registrationId: note.registrationId,
    doctorId: note.doctorId,
    items: [
      {
        kind: 'drug',
        drugId: drug,
        name: 'Obat Matrix',
        dose: '1 tablet',
        frequency: '3x sehari',
        route: 'oral',
        durationDays: 3,
        quantity: 9,
        unit: 'tablet',
        ingredients: [],
      },
    ],
  });
  return uid;
}

const STOCK_RECEIPT = (drug: string) => ({
  itemUid: drug,
  batchNumber: 'MTX',
  expiryDate: '2099-12-31',
  quantity: 1000,
  unit: 'tablet',
  unitCost: 100,
});

const staff = (n: number, role: string, clinicId: number, mark = 'Matrix') => ({
  name: `${mark} Staf ${n}`,
  username: `matrix${n}`,
  password: 'rahasia123',
  email: `matrix${n}@klinikita.id`,
  role,
  clinicId,
  gender: 'M',
  dob: '05/06/1990',
  phoneNumber: '08121234',
  address: 'Cikarang',
  icNumber: `3216010506${String(n).padStart(6, '0')}`,
});

/** The other corporate: its Super Admin and a doctor with a login, then its records. */
async function foreignCorporate() {
  const db = ctx.database.db;
  const other = await addForeignCorporate(db);
  const [superRole] = await db
    .insert(roles)
    .values({ uid: newUid(), corpId: other.corpId, name: 'Super Admin', builtIn: true })
    .returning();
  const [doctorRole] = await db
    .insert(roles)
    .values({ uid: newUid(), corpId: other.corpId, name: 'Doctor', builtIn: true })
    .returning();
  await grantMenus(db, doctorRole.id, ['doctor', 'doctorPatients', 'healthLetters', 'emr']);
  const [employee] = await db.select().from(employees).where(eq(employees.uid, other.employeeUid));
  const passwordHash = await hashPassword('rahasia123');
  await db.insert(users).values([
    {
      uid: newUid(),
      username: 'superlain',
      passwordHash,
      name: `${FOREIGN_MARK} Super`,
      roleId: superRole.id,
      corpId: other.corpId,
    },
    {
      uid: newUid(),
      username: 'dokterlain',
      passwordHash,
      name: `${FOREIGN_MARK} Dokter`,
      roleId: doctorRole.id,
      corpId: other.corpId,
      clinicId: 20,
      employeeId: employee.id,
      doctorId: other.doctorId,
    },
  ]);
  await logIn('superlain', 'rahasia123');
  await logIn('dokterlain', 'rahasia123');
  const visit = await records('superlain', 'dokterlain', 20, other.doctorId, `${FOREIGN_MARK} Pasien`);
  const corp = await corporateRecords('superlain', 'dokterlain', 20, FOREIGN_MARK);
  const stock = await stockRecords('superlain', 20, corp.drug, FOREIGN_MARK);
  const prescription = await prescriptionOf(visit.encounter, corp.drug);
  foreign = {
    corpId: other.corpId,
    clinicId: 20,
    doctorId: other.doctorId,
    ...visit,
    ...corp,
    ...stock,
    prescription,
  };
  foreignMarks.push(
    ...[
      visit.patient,
      visit.registration,
      visit.delivery,
      visit.labVisit,
      visit.encounter,
      visit.letter,
      corp.template,
      corp.drug,
      corp.role,
      corp.codeListItem,
      corp.service,
      corp.labParameter,
      corp.partnerCompany,
      corp.companyEmployee,
    ],
    ...[corp.employee, corp.user, corp.file, stock.location, stock.toLocation, prescription],
    ...[FOREIGN_MARK, 'Klinik Lain'],
  );
}

const LAB_PARAMETER = {
  nameId: 'Parameter Matrix',
  nameEn: 'Matrix parameter',
  unit: 'mg/dL',
  resultType: 'number',
  decimals: 0,
  printOrder: 10,
};

const SERVICE_BODY = (n: number) => ({
  code: `MTX-S${n}`,
  nameId: `Layanan Matrix ${n}`,
  nameEn: `Matrix service ${n}`,
  group: 'procedure',
  unit: 'tindakan',
  taxCategory: 'exempt',
});

const TEMPLATE = {
  subjective: 'Batuk',
  objective: null,
  assessment: 'ISPA',
  plan: null,
  diagnoses: [],
  procedures: [],
  prescription: [],
};

const EMPTY_NOTE = {
  systolic: null,
  diastolic: null,
  pulse: null,
  respiratoryRate: null,
  temperature: null,
  spo2: null,
  weight: null,
  height: null,
  subjective: null,
  objective: null,
  assessment: null,
  plan: null,
  diagnoses: [],
  procedures: [],
  prescription: [],
  orders: [],
  referral: null,
};

/**
 * The request each route gets, built from a scope (own, the other corporate's, or own clinic with
 * the other corporate's records) and the caller. Bodies are valid, so that the scope checks —
 * which come after validation — are what answers. A route not listed gets its path parameters
 * from the scope by name and no body (a 400 for a route that wants one is fine).
 */
const SPECS: Record<string, (s: Scope, who: Me, n: number, self: boolean) => Spec> = {
  'GET /events': (s) => ({ query: { clinicId: s.clinicId } }),
  'POST /auth/login': () => ({ body: { username: 'kasir', password: 'klinikita' } }),
  'GET /pharmacies/corps/where': (s) => ({ query: { id: s.corpId } }),
  'GET /registrations/clinics/': (s) => ({ query: { CorpId: s.corpId } }),
  'GET /clinics/:clinicId': (s) => ({ path: { clinicId: s.clinicId } }),
  'POST /settings/roles': (s, _who, n, self) => ({
    body: { role: `Matrix ${n}${self ? '' : ' b'}`, copyFrom: s.role },
  }),
  'PATCH /settings/roles/:id': (s) => ({ path: { id: s.role }, body: { description: 'matrix' } }),
  'DELETE /settings/roles/:id': (s) => ({ path: { id: s.roleToDelete } }),
  'GET /settings/roles/:id/menus': (s) => ({ path: { id: s.role } }),
  'PUT /settings/roles/:id/menus': (s) => ({ path: { id: s.role }, body: { menus: [] } }),
  'GET /settings/myprofile/doctors/edit/profile': (s, who, _n, self) => ({
    query: { id: self ? (who.doctorId ?? '') : s.doctorId },
  }),
  'GET /settings/master/doctors/where': (s) => ({ query: { id: s.doctorId, clinicId: s.clinicId } }),
  'POST /settings/doctors': (s, _who, n) => {
    return {
      body: {
        name: `dr. Matrix ${n}`,
        clinicIds: [s.clinicId],
        username: `drmatrix${n}`,
        password: 'rahasia123',
        email: `drmatrix${n}@klinikita.id`,
        gender: 'M',
        dob: '01/02/1988',
        icNumber: `3171010102${String(n).padStart(6, '0')}`,
        phoneNumber: '081234567890',
      },
    };
  },
  'PATCH /settings/doctors': (s) => ({
    body: { doctorId: s.doctorId, updateData: { title: 'dr.' } },
  }),
  'GET /settings/pharmacy/employees/where': (s, who, _n, self) => ({
    query: { uid: self ? (who.uidEmployee ?? '') : s.employee },
  }),
  // the own profile: the caller's own record; the other corporate's staff otherwise
  'PATCH /settings/employee': (s, who, _n, self) => ({
    body: {
      uidEmployee: self ? who.uidEmployee : s.employee,
      userId: self ? who.uid : s.user,
      updateData: { name: who.name, username: who.username, email: `${who.username}@klinikita.id` },
    },
  }),
  'PATCH /settings/doctors/profile/edit': (s, who, _n, self) => ({
    body: {
      ...(self && who.doctorId
        ? { doctorId: who.doctorId }
        : { uidEmployee: self ? who.uidEmployee : s.employee }),
      userId: self ? who.uid : s.user,
      updateData: { name: who.name, icNumber: '3171010102880001', phoneNumber: '08121000002' },
    },
  }),
  'GET /settings/employees': (s) => ({ query: { clinicId: s.clinicId } }),
  'POST /settings/employees': (s, _who, n) => ({ body: staff(n, s.role, s.clinicId) }),
  'GET /reservation/doctor-schedule/:doctorId': (s) => ({
    path: { doctorId: s.doctorId },
    query: { clinicId: s.clinicId },
  }),
  'PUT /assesments/doctors/:doctorId': (s) => ({
    path: { doctorId: s.doctorId },
    body: { dayToChange: 2, limit: 25, clinicId: s.clinicId },
  }),
  'POST /assesments/doctors/add-schedule': (s) => ({
    body: {
      clinicIdWeb: s.clinicId,
      dokterIdWeb: s.doctorId,
      newBookingTime: '21:00 - 21:30',
      bookingDay: 3,
    },
  }),
  'PUT /assesments/doctors/update-time-schedule': (s) => ({
    body: {
      clinicIDWeb: s.clinicId,
      dokterIdWeb: s.doctorId,
      bookingDay: 3,
      indexToChange: 0,
      bookingTime: '21:00 - 21:30',
      newBookingTime: '21:00 - 21:45',
    },
  }),
  'DELETE /assesments/doctors/delete-schedule': (s) => ({
    body: {
      clinicIDWeb: s.clinicId,
      dokterIdWeb: s.doctorId,
      bookingDay: 3,
      indexToChange: 0,
      bookingTime: '21:00 - 21:45',
    },
  }),
  'GET /patients': (s) => ({ query: { clinicId: s.clinicId } }),
  'POST /patients': (s, _who, n) => ({
    body: {
      clinicId: s.clinicId,
      name: `Pasien Matrix ${n}`,
      sex: 'M',
      dob: '12/03/1988',
      nik: nik(n),
    },
  }),
  'PATCH /patients/:uid': (s) => ({ path: { uid: s.patient }, body: { phone: '081299990001' } }),
  'DELETE /patients/:uid': (s) => ({ path: { uid: s.patientToDelete } }),
  'GET /regions/regencies': () => ({ query: { provinceCode: '31' } }),
  'GET /regions/districts': () => ({ query: { regencyCode: '31.71' } }),
  'GET /regions/villages': () => ({ query: { districtCode: '31.71.01' } }),
  'GET /regions/lookup': () => ({ query: { province: '31' } }),
  'POST /registrations/registrations': (s) => ({
    body: {
      clinicId: s.clinicId,
      patientId: s.patient,
      orderType: 'doctor',
      doctorId: s.doctorId,
      payerType: 'self',
    },
  }),
  'GET /registrations/registrations': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /registrations/registrations/counts': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /registrations/registrations/lab/mcu/populate/labpreass': (s) => ({
    query: { clinicId: s.clinicId },
  }),
  'GET /registrations/registrations/:id': (s) => ({ path: { id: s.registration } }),
  'PATCH /registrations/registrations/:id': (s) => ({
    path: { id: s.registration },
    body: { clinicId: s.clinicId, updateField: { status: 'Examination' } },
  }),
  'GET /assesments/lab_mcu_assesment/LabPreAss/:id': (s) => ({ path: { id: s.registration } }),
  'GET /registrations/doctors/available': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /registrations/queue-prefixes': (s) => ({ query: { clinicId: s.clinicId } }),
  'PUT /registrations/queue-prefixes': (s) => ({ body: { clinicId: s.clinicId, prefixes } }),
  'GET /registrations/display-link': (s) => ({ query: { clinicId: s.clinicId } }),
  'POST /registrations/display-link': (s) => ({ body: { clinicId: s.clinicId } }),
  'GET /display/:token': (s) => ({ path: { token: s.token } }),
  'GET /display/:token/events': (s) => ({ path: { token: s.token } }),
  'POST /assesments/doctor/upload': () => ({ multipart: 'files' }),
  'POST /users/upload': () => ({ multipart: 'image' }),
  'GET /files/:uid': (s) => ({ path: { uid: s.file } }),
  'GET /satu-sehat/practitioner-ihs-by-nik/:nik': () => ({ path: { nik: '7209061211900001' } }),
  // the clinic's own simulator application again (an empty secret keeps the stored one)
  'PUT /satu-sehat/settings': (s) => ({
    body: {
      clinicId: s.clinicId,
      environment: 'simulator',
      clientId: `sim-klinikita-${s.clinicId - 9}`,
      clientSecret: '',
      organizationId: `1000010${s.clinicId - 9}`,
    },
  }),
  'POST /satu-sehat/settings/test': (s) => ({ body: { clinicId: s.clinicId } }),
  'POST /satu-sehat/locations/register': (s) => ({ body: { clinicId: s.clinicId } }),
  'GET /satu-sehat/deliveries': (s) => ({ query: { clinicId: s.clinicId, date: clinicDay('Asia/Jakarta') } }),
  'POST /satu-sehat/deliveries/:uid/resend': (s) => ({ path: { uid: s.delivery } }),
  'GET /satu-sehat/visits/:registrationId': (s) => ({ path: { registrationId: s.registration } }),
  'GET /satu-sehat/visits': (s) => ({ query: { registrationIds: s.registration } }),
  'GET /satu-sehat/refusals': (s) => ({ query: { clinicId: s.clinicId } }),
  'POST /consultations/encounters': (s) => ({ body: { registrationId: s.registration } }),
  'GET /consultations/encounters/:uid': (s) => ({ path: { uid: s.encounter } }),
  'PUT /consultations/encounters/:uid': (s) => ({
    path: { uid: s.encounter },
    body: { ...EMPTY_NOTE, version: 999 },
  }),
  'POST /consultations/encounters/:uid/finish': (s) => ({
    path: { uid: s.encounter },
    body: { version: 999 },
  }),
  'POST /consultations/encounters/:uid/addenda': (s) => ({
    path: { uid: s.encounter },
    body: { text: 'Catatan matrix' },
  }),
  'GET /consultations/patients/:uid': (s) => ({ path: { uid: s.patient } }),
  'GET /consultations/patients/:uid/encounters': (s) => ({ path: { uid: s.patient } }),
  'POST /consultations/templates': (_s, _who, n) => ({
    body: {
      name: `Matrix ${n}`,
      content: TEMPLATE,
    },
  }),
  'PUT /consultations/templates/:uid': (s, _who, n) => ({
    path: { uid: s.template },
    body: {
      name: `Matrix ${n}`,
      content: TEMPLATE,
    },
  }),
  'DELETE /consultations/templates/:uid': (s) => ({ path: { uid: s.template } }),
  'GET /codes/:system': (s) => ({ path: { system: 'icd10' }, query: { clinicId: s.clinicId } }),
  'PUT /codes/:system/:code': (s) => ({
    path: { system: 'icd10', code: 'J06.9' },
    body: { clinicId: s.clinicId, favourite: true },
  }),
  'POST /settings/pharmacy/drugs': (_s, _who, n) => ({
    body: { name: `Obat Matrix ${n}`, form: 'tablet', strength: '10 mg', unit: 'tablet', price: 100 },
  }),
  'PUT /settings/pharmacy/drugs/:uid': (s, _who, n) => ({
    path: { uid: s.drug },
    body: { name: `Obat Matrix ${n}`, form: 'tablet', strength: '10 mg', unit: 'tablet', price: 100 },
  }),
  'POST /consultations/letters': (s) => ({
    body: { kind: 'health', encounterId: s.encounter, purpose: 'Matrix', healthy: true },
  }),
  'GET /consultations/letters': (s) => ({ query: { patientId: s.patient } }),
  'GET /consultations/letters/:uid/pdf': (s) => ({ path: { uid: s.letter } }),
  'GET /consultations/encounters/:uid/pdf': (s) => ({ path: { uid: s.encounter } }),
  'GET /audit/logs': (s) => ({ query: { patientId: s.patient } }),
  'PUT /service-hours/:serviceType/:weekday': (s) => ({
    path: { serviceType: 'MCU', weekday: 1 },
    body: { clinicId: s.clinicId, capacity: 10, slots: ['07:00 - 09:00'] },
  }),
  'POST /service-hours/:serviceType/:weekday/copy': (s) => ({
    path: { serviceType: 'MCU', weekday: 1 },
    body: { clinicId: s.clinicId, toWeekdays: [7] },
  }),
  'GET /service-hours/check': (s) => ({ query: { doctorId: s.doctorId } }),
  'POST /services': (_s, _who, n) => ({ body: SERVICE_BODY(n) }),
  'PUT /services/:uid': (s, _who, n) => ({
    body: { ...SERVICE_BODY(n), code: `MTX-LAB-${s.clinicId}`, group: 'lab', unit: 'pemeriksaan' },
  }),
  'PUT /mcu/packages/:serviceUid': (s) => ({
    path: { serviceUid: s.service },
    body: { examType: 'periodic', stations: ['vitals'] },
  }),
  'GET /services/:uid/price': (s) => ({
    query: { clinicId: s.clinicId, payerClass: 'general', date: '2026-06-01' },
  }),
  'POST /services/:uid/prices': (s, _who, n) => ({
    body: {
      clinicId: s.clinicId,
      payerClass: 'company',
      validFrom: `${2030 + (n % 60)}-01-01`,
      validTo: `${2030 + (n % 60)}-01-01`,
      facilityFee: 10,
      professionalFee: 0,
      consumablesFee: 0,
    },
  }),
  'POST /services/:uid/prices/:priceUid/end': () => ({ body: { validTo: '2099-12-31' } }),
  'POST /services/import/xlsx': () => ({ multipart: 'file' }),
  'PUT /clinic-services/:clinicId/:serviceUid': () => ({
    body: { offered: true, performedAt: 'here' },
  }),
  'POST /clinic-services/:clinicId/bulk': () => ({
    body: { group: 'radiology', offered: true, performedAt: 'here' },
  }),
  'POST /lab-catalogue/tests/:uid/parameters': (_s, _who, n) => ({
    body: { ...LAB_PARAMETER, code: `MTX${n}` },
  }),
  'PUT /lab-catalogue/parameters/:uid': () => ({ body: { ...LAB_PARAMETER, code: 'MTX' } }),
  'PUT /lab-catalogue/parameters/:uid/ranges': () => ({
    body: {
      ranges: [
        {
          sex: 'any',
          ageFromDays: 0,
          ageToDays: null,
          low: 1,
          high: 2,
          criticalLow: null,
          criticalHigh: null,
          impossibleLow: null,
          impossibleHigh: null,
          normalText: null,
        },
      ],
    },
  }),
  'PUT /lab-catalogue/tests/:uid/items': () => ({ body: { items: [] } }),
  'PUT /lab-results/visits/:registrationId/values': () => ({ body: { version: null, values: [] } }),
  'POST /lab-results/visits/:registrationId/amend': () => ({ body: { reason: 'Koreksi matrix' } }),
  'PUT /radiology/visits/:registrationId/report': () => ({
    body: { version: 1, template: null, clinicalInfo: null, findings: null, impression: null },
  }),
  'POST /radiology/visits/:registrationId/sign': () => ({ body: { version: 1 } }),
  'POST /radiology/visits/:registrationId/amend': () => ({ body: { version: 1, reason: 'Koreksi matrix' } }),
  'POST /radiology/visits/:registrationId/images': () => ({ multipart: 'file' }),
  'POST /lab-specimens/visits/:registrationId/specimens/:uid/reject': () => ({ body: { reason: 'Matrix' } }),
  'GET /lab/worklist': (s) => ({ query: { clinicId: s.clinicId } }),
  'POST /lab/worklist/results': (s) => ({
    body: { items: [{ registrationId: s.labVisit, version: null, values: [] }] },
  }),
  'POST /lab/worklist/import/preview': (s) => ({
    body: { clinicId: s.clinicId, csv: 'barcode;code;value\nL000;HB;1' },
  }),
  'POST /lab/worklist/import': (s) => ({
    body: { clinicId: s.clinicId, csv: 'barcode;code;value\nL000;HB;1' },
  }),
  'POST /physio/visits/:registrationId/programme': () => ({
    body: {
      diagnosis: 'Matrix',
      assessment: { painScale: 5, rangeOfMotion: [], strength: [], function: null },
      plannedSessions: 4,
    },
  }),
  'POST /physio/visits/:registrationId/session': () => ({
    body: { painBefore: 5, painAfter: 3, interventions: 'Matrix' },
  }),
  'POST /physio/visits/:registrationId/programme/close': () => ({ body: { status: 'stopped' } }),
  'GET /physio/patients/:uid/programmes': (s) => ({ path: { uid: s.patient } }),
  'GET /treatment/patients/:uid/procedures': (s) => ({ path: { uid: s.patient } }),
  'POST /treatment/visits/:registrationId/procedures': (_s, _who, n) => ({
    body: { requestKey: `matrix-key-${n}`, icd9Code: '93.94' },
  }),
  'POST /treatment/procedures/:uid/void': () => ({ body: { reason: 'Koreksi matrix' } }),
  'GET /code-lists/:list/items': () => ({ path: { list: 'cancellation' } }),
  'POST /code-lists/:list/items': (_s, _who, n) => ({
    path: { list: 'cancellation' },
    body: { code: `MATRIX-N${n}`, nameId: 'Matrix', nameEn: 'Matrix' },
  }),
  'PUT /code-lists/:list/items/:uid': (_s, _who, n) => ({
    path: { list: 'cancellation' },
    body: { code: `MATRIX-U${n}`, nameId: 'Matrix', nameEn: 'Matrix' },
  }),
  'POST /code-lists/:list/items/:uid/deactivate': () => ({ path: { list: 'cancellation' } }),
  'POST /code-lists/:list/items/:uid/reactivate': () => ({ path: { list: 'cancellation' } }),
  'POST /inventory/locations': (s, _who, n) => ({
    body: { clinicId: s.clinicId, name: `Lokasi Matrix ${n}`, type: 'warehouse' },
  }),
  'PUT /inventory/items/:itemUid': () => ({
    body: {
      kind: 'drug',
      drugClass: 'hard',
      baseUnit: 'tablet',
      minStock: 10,
      units: [{ name: 'BOX', factor: 100 }],
    },
  }),
  'POST /inventory/locations/:uid/receipts': (s) => ({ body: { ...STOCK_RECEIPT(s.drug), quantity: 1 } }),
  'POST /inventory/locations/:uid/issues': (s) => ({
    body: { itemUid: s.drug, quantity: 1, unit: 'tablet' },
  }),
  'POST /inventory/locations/:uid/transfers': (s) => ({
    body: { toLocationUid: s.toLocation, itemUid: s.drug, quantity: 1, unit: 'tablet' },
  }),
  'POST /inventory/locations/:uid/adjustments': (s) => ({
    body: { itemUid: s.drug, batchNumber: 'MTX', delta: 1, reason: 'Koreksi matrix' },
  }),
  'POST /partner-companies': (_s, _who, n) => ({ body: { name: `Rekanan Matrix ${n}` } }),
  'PUT /partner-companies/:uid': (_s, _who, n) => ({ body: { name: `Rekanan Matrix U${n}` } }),
  'POST /partner-companies/:uid/prices': (s) => ({
    body: { serviceUid: s.service, price: 1000, validFrom: '2026-01-01' },
  }),
  'POST /partner-companies/:uid/prices/:priceUid/end': () => ({ body: { validTo: '2026-12-31' } }),
  'POST /partner-companies/:uid/employees': (_s, _who, n) => ({
    body: {
      employeeNumber: `MTX-E${n}`,
      nik: nik(n),
      name: 'Karyawan Matrix',
      birthDate: '1988-03-12',
      sex: 'M',
    },
  }),
  'PUT /partner-companies/:uid/employees/:employeeUid': (_s, _who, n) => ({
    body: {
      employeeNumber: `MTX-U${n}`,
      nik: nik(n),
      name: 'Karyawan Matrix',
      birthDate: '1988-03-12',
      sex: 'M',
    },
  }),
  'POST /partner-companies/:uid/employees/import': () => ({ multipart: 'file' }),
  'POST /partner-companies/:uid/portal-users': (_s, _who, n) => ({
    body: { name: 'HRD Matrix', username: `hrd.matrix${n}`, password: 'rahasia-matrix1' },
  }),
  'PATCH /partner-companies/:uid/portal-users/:userUid': () => ({ body: { active: true } }),
  'GET /insurers': () => ({ query: { search: 'matrix', page: 1, limit: 20 } }),
  'POST /insurers': (_s, _who, n) => ({ body: { name: `Asuransi Matrix ${n}` } }),
  'PUT /insurers/:uid': (_s, _who, n) => ({ body: { name: `Asuransi Matrix U${n}` } }),
  'PUT /insurers/visits/:visitUid/eligibility': () => ({
    body: { insurerUid: 'x', status: 'pending', reference: 'MTX' },
  }),
  'POST /billing/visits/:visitUid/bill/charges': () => ({
    body: { description: 'Matrix', amount: 1_000, reason: 'Matrix' },
  }),
  'POST /billing/visits/:visitUid/bill/discounts': () => ({
    body: { type: 'fixed', value: 1_000, reason: 'Matrix' },
  }),
  'POST /billing/adjustments/:uid/decision': () => ({ body: { approve: false } }),
  'POST /billing/bills/:billUid/adjustments': () => ({
    body: { description: 'Matrix', amount: 1_000, reason: 'Matrix' },
  }),
  'POST /billing/bills/:billUid/payments': () => ({
    body: { idempotencyKey: randomUUID(), parts: [{ method: 'TUNAI', amount: 1_000 }] },
  }),
  'POST /billing/payments/:uid/reverse': () => ({ body: { reason: 'Matrix' } }),
  'PUT /billing/settings': (s) => ({
    body: { clinicId: s.clinicId, isPkp: false, pricesIncludePpn: true, discountApprovalThreshold: 100_000 },
  }),
  'GET /billing/shifts/current': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /billing/shifts': (s) => ({ query: { clinicId: s.clinicId } }),
  'POST /billing/shifts': (s) => ({ body: { clinicId: s.clinicId, openingFloat: 0 } }),
  'POST /billing/shifts/:uid/close': () => ({ body: { countedCash: 0, reason: 'Matrix' } }),
  'POST /billing/days/close': (s) => ({ body: { clinicId: s.clinicId, day: '2020-01-01' } }),
  'POST /billing/patients/:patientUid/deposit/receipts': (s) => ({
    body: { clinicId: s.clinicId, idempotencyKey: randomUUID(), amount: 1_000, method: 'TUNAI' },
  }),
  'POST /billing/deposits/:uid/refund': () => ({ body: { amount: 1_000, reason: 'Matrix' } }),
  'GET /billing/payer-invoices/payers': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /billing/payer-invoices/open-receivables': (s) => ({
    query: { clinicId: s.clinicId, payer: 'insurer:Matrix', from: '2026-01-01', to: '2026-01-31' },
  }),
  'POST /billing/payer-invoices': (s) => ({
    body: { clinicId: s.clinicId, payer: 'insurer:Matrix', from: '2026-01-01', to: '2026-01-31' },
  }),
  'GET /billing/payer-invoices': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /billing/payer-invoices/aging': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /billing/payer-invoices/settings': (s) => ({ query: { clinicId: s.clinicId } }),
  'PUT /billing/payer-invoices/settings': (s) => ({
    body: { clinicId: s.clinicId, bankName: 'Bank Matrix', accountNumber: '123', accountHolder: 'Matrix' },
  }),
  'POST /billing/payer-invoices/:uid/payments': () => ({
    body: { paidOn: '2026-01-31', method: 'TRANSFER', amount: 1_000 },
  }),
  'POST /billing/payer-invoices/:uid/dispute': () => ({ body: { reason: 'Matrix' } }),
  'POST /billing/payer-invoices/:uid/resolve': () => ({ body: { note: 'Matrix' } }),
  'POST /billing/payer-invoices/:uid/write-off': () => ({ body: { reason: 'Matrix' } }),
  'POST /billing/payer-invoices/:uid/cancel': () => ({ body: { reason: 'Matrix' } }),
  'POST /billing/payer-invoices/:uid/denials': () => ({
    body: { lines: [{ receivableUid: 'matrix', amount: 1_000, reasonCode: 'other' }] },
  }),
  'POST /billing/payer-invoices/:uid/denials/:denialUid/reclaim': () => ({ body: { note: 'Matrix' } }),
  'POST /billing/payer-invoices/:uid/denials/:denialUid/write-off': () => ({ body: { reason: 'Matrix' } }),
  'POST /purchasing/suppliers': (_s, _who, n) => ({ body: { name: `Supplier Matrix ${n}` } }),
  'PUT /purchasing/suppliers/:uid': (_s, _who, n) => ({ body: { name: `Supplier Matrix U${n}` } }),
  'POST /purchasing/orders': (s) => ({
    body: {
      supplierUid: 'x',
      locationUid: s.location,
      lines: [{ itemUid: s.drug, unit: 'tablet', quantity: 1, price: 100 }],
    },
  }),
  'PUT /purchasing/orders/:uid': (s) => ({
    body: {
      supplierUid: 'x',
      locationUid: s.location,
      lines: [{ itemUid: s.drug, unit: 'tablet', quantity: 1, price: 100 }],
      version: 1,
    },
  }),
  'POST /purchasing/orders/:uid/actions': () => ({ body: { action: 'order', version: 1 } }),
  'POST /purchasing/receipts': (s, _who, n) => ({
    body: {
      supplierUid: 'x',
      locationUid: s.location,
      invoiceNumber: `MTX-${n}`,
      invoiceDate: '2026-01-02',
      requestKey: `matrix-receipt-${n}`,
      lines: [
        {
          itemUid: s.drug,
          batchNumber: 'MTXP',
          expiryDate: '2099-01-01',
          quantity: 1,
          unit: 'tablet',
          price: 100,
        },
      ],
    },
  }),
  'POST /purchasing/returns': (_s, _who, n) => ({
    body: {
      receiptUid: 'x',
      reason: 'Koreksi matrix',
      requestKey: `matrix-return-${n}`,
      lines: [{ receiptLine: 0, quantity: 1, unit: 'tablet' }],
    },
  }),
  'POST /inventory/locations/:uid/opnames': () => ({ body: {} }),
  'PUT /inventory/opnames/:uid/counts': () => ({ body: { lines: [{ lineId: 1, counted: 1 }] } }),
  'POST /inventory/opnames/:uid/cancel': () => ({ body: { reason: 'Batal matrix' } }),
  'POST /inventory/requests': (s) => ({
    body: {
      locationUid: s.toLocation,
      fromLocationUid: s.location,
      lines: [{ itemUid: s.drug, quantity: 1, unit: 'tablet' }],
    },
  }),
  'POST /inventory/requests/:uid/approve': () => ({ body: { lines: [{ lineId: 1, approved: 1 }] } }),
  'POST /inventory/requests/:uid/fulfil': () => ({ body: { lines: [{ lineId: 1, quantity: 1 }] } }),
  'POST /inventory/requests/:uid/reject': () => ({ body: { reason: 'Tolak matrix' } }),
  'POST /inventory/requests/:uid/cancel': () => ({ body: { reason: 'Batal matrix' } }),
  'PUT /inventory/lab-consumables': () => ({ body: { lines: [] } }),
  'GET /inventory/reports/narcotics': () => ({ query: { month: '2026-01' } }),
  'GET /inventory/reports/narcotics/xlsx': () => ({ query: { month: '2026-01' } }),
  'POST /pharmacy/prescriptions/:uid/moves': () => ({ body: { action: 'review' } }),
  'POST /pharmacy/prescriptions/:uid/dispense': (_s, _who, n) => ({
    body: { requestKey: `matrix-dispense-${n}` },
  }),
  'PUT /pharmacy/prescriptions/:uid/review': () => ({
    body: { checks: { patientIdentity: { ok: true, note: null } } },
  }),
  'POST /pharmacy/prescriptions/:uid/substitutions': (s) => ({
    body: { line: 0, itemUid: s.drug, reason: 'Stok kosong (matrix)' },
  }),
  'GET /pharmacy/prescriptions/:uid/labels': () => ({ query: { paper: 'label' } }),
  'POST /pharmacy/prescriptions/:uid/answer': () => ({ body: { text: 'Jawaban matrix' } }),
  'GET /pharmacy/settings': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /dashboard/turnaround': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /reports/transactions': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /reports/transactions/options': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /reports/transactions/xlsx': (s) => ({ query: { clinicId: s.clinicId } }),
  'GET /accounting/mapping': (s) => ({ query: { clinicId: s.clinicId } }),
  'PUT /accounting/mapping': (s) => ({
    body: { clinicId: s.clinicId, accounts: [{ key: 'cash', code: '1101', name: 'Kas' }] },
  }),
  'GET /accounting/journal': (s) => ({
    query: { clinicId: s.clinicId, from: '2026-01-01', to: '2026-01-02' },
  }),
  'GET /accounting/journal/totals': (s) => ({
    query: { clinicId: s.clinicId, from: '2026-01-01', to: '2026-01-02' },
  }),
  'GET /accounting/journal.xlsx': (s) => ({
    query: { clinicId: s.clinicId, from: '2026-01-01', to: '2026-01-02' },
  }),
  'GET /accounting/journal.csv': (s) => ({
    query: { clinicId: s.clinicId, from: '2026-01-01', to: '2026-01-02' },
  }),
  'PUT /pharmacy/settings': (s) => ({
    body: { clinicId: s.clinicId, compoundingPerLine: 5000, packagingPerPacket: 500 },
  }),
  'POST /code-lists/:list/items/:uid/move': () => ({
    path: { list: 'cancellation' },
    body: { direction: 'down' },
  }),
};

const short = (route: ApiRoute) => `${route.method} ${route.url.replace(API, '')}`;

/** A record of the scope for a path parameter, by its name and the route's path. */
function pathDefault(route: ApiRoute, param: string, s: Scope): string | number {
  const u = route.url;
  if (param === 'clinicId') return s.clinicId;
  if (param === 'doctorId') return s.doctorId;
  if (param === 'token') return s.token;
  if (param === 'serviceUid') return s.service;
  if (param === 'priceUid') return s.price;
  if (param === 'registrationId') return s.labVisit;
  if (param === 'itemUid') return s.drug;
  if (param === 'employeeUid') return s.companyEmployee;
  if (param === 'visitUid') return s.registration;
  const byPath: [string, string][] = [
    ['/partner-companies/', s.partnerCompany],
    ['/inventory/locations/', s.location],
    ['/pharmacy/prescriptions/', s.prescription],
    ['/settings/roles/', s.role],
    ['/consultations/templates/', s.template],
    ['/consultations/letters/', s.letter],
    ['/encounters/', s.encounter],
    ['/patients/', s.patient],
    ['/registrations/registrations/', s.registration],
    ['/LabPreAss/', s.registration],
    ['/drugs/', s.drug],
    ['/code-lists/', s.codeListItem],
    ['/services/', s.service],
    ['/lab-catalogue/tests/', s.labTest],
    ['/lab-catalogue/parameters/', s.labParameter],
    ['/files/', s.file],
  ];
  return byPath.find(([part]) => u.includes(part))?.[1] ?? 'x';
}

/** The serial of a (route, caller): the same for all variants of one caller, new for the next. */
const serials = new Map<string, number>();

function specOf(route: ApiRoute, scope: Scope, who: Me, self: boolean): Spec {
  const key = `${route.key} ${who.username}`;
  const n = serials.get(key) ?? next();
  serials.set(key, n);
  const spec = SPECS[short(route)]?.(scope, who, n, self) ?? {};
  const path = Object.fromEntries(route.pathParams.map((p) => [p, pathDefault(route, p, scope)]));
  const query: Record<string, string | number> = route.query.some((q) => q.name === 'clinicId')
    ? { clinicId: scope.clinicId }
    : {};
  return { ...spec, path: { ...path, ...spec.path }, query: { ...query, ...spec.query } };
}

function urlOf(route: ApiRoute, spec: Spec): string {
  const path = Object.fromEntries(
    Object.entries(spec.path ?? {}).map(([k, v]) => [k, encodeURIComponent(String(v))]),
  );
  const query = new URLSearchParams(
    Object.entries(spec.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return `${fillPath(route.url, path)}${query ? `?${query}` : ''}`;
}

/** One call; an event stream goes over the socket and is dropped once it opens. */
async function call(route: ApiRoute, spec: Spec, who: Who | null): Promise<Answer> {
  const url = urlOf(route, spec);
  if (route.kind === 'stream') {
    const abort = new AbortController();
    const res = await fetch(`${base}${url}`, {
      headers: who ? { authorization: me[who].token } : {},
      signal: abort.signal,
    });
    if (res.status === 200) {
      abort.abort();
      return { statusCode: 200, headers: {}, body: '' };
    }
    return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  }
  if (spec.multipart) {
    const { payload, headers } = multipart([
      { field: spec.multipart, filename: 'a.png', type: 'image/png', content: IMAGES.png },
    ]);
    return send(who, route.method, url, payload, headers);
  }
  return send(who, route.method, url, spec.body);
}

/** What the user may do, from the catalogue (the same function the server uses). */
const permissionsOfMe = (who: Me): Set<Permission> =>
  permissionsOf(who.roleName, accessibleRoutes(who.access), { doctor: who.doctorId !== null });

/** Does the role hold the route's permission (the designed access)? */
function passes(route: ApiRoute, who: Me): boolean {
  const access = route.access;
  if (!access || 'public' in access || 'session' in access) return true;
  return permissionsOfMe(who).has(access.permission);
}

const isPublic = (route: ApiRoute) => !route.access || 'public' in route.access;

/**
 * Refusals the services add to the menu check, by design (each with its reason); a role that
 * passes the menu check may get these 403s for its own clinic, and only with this message.
 */
function designedRefusal(route: ApiRoute, who: Me, scope: Scope): string | null {
  const url = route.url.replace(API, '');
  // Permenkes 24/2022: only clinical staff read a medical record
  if (
    /^\/(consultations\/(encounters|patients|letters)|lab-results\/(patients|records|released-patients))/.test(
      url,
    ) &&
    !CLINICAL_ROLES.includes(who.roleName)
  )
    return 'consultations.notClinical';
  // the matrix calls a patient of a doctor visit: only who works on doctor visits may
  if (url === '/registrations/registrations/:id' && route.method === 'PATCH') {
    if (!mayMoveVisit(permissionsOfMe(who), { orderType: 'doctor' }, 'Waiting', 'Examination'))
      return 'registrations.moveForbidden';
  }
  // anyone's NIK at SATUSEHAT: patient and staff masters; others their own saved NIK only (the
  // matrix's profile edits change it; scope.security.test.ts checks the own-NIK case)
  if (url.startsWith('/satu-sehat/practitioner-ihs-by-nik/') && !permissionsOfMe(who).has('satusehat.lookup'))
    return 'satusehat.lookupForbidden';
  // the audit trail is the Super Admin's
  if (url === '/audit/logs' && !ALL_ACCESS_ROLES.includes(who.roleName)) return 'consultations.auditOnly';
  // a doctor keeps the own schedule; the master-data holders keep everyone's
  if (
    /^\/assesments\/doctors\//.test(url) &&
    who.doctorId !== scope.doctorId &&
    !permissionsOfMe(who).has('schedule.manage')
  )
    return 'staffApi.notOwnSchedule';
  // the company portal is a partner company's HR user's: a login of no company (every user of the
  // matrix; mcu-portal.routes.test.ts covers the company's own) is refused (issue 20 §8)
  if (url.startsWith('/mcu/portal/')) return 'mcuPortal.noCompany';
  return null;
}

interface Cell {
  route: ApiRoute;
  who: Who | 'none';
  variant: 'own' | 'foreign' | 'mixed' | 'sibling' | 'none';
  status: number;
  body: string;
  problem: string | null;
}

const cells: Cell[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  ({ routes } = await apiRoutes(ctx.app));
  routes = routes.filter((r) => r.url !== '/logout');
  for (const who of [...ROLES, 'dokter2'] as const) await logIn(who);
  prefixes = await must('superadmin', 'GET', '/registrations/queue-prefixes?clinicId=10');
  await foreignCorporate();
  const [{ corpId }] = await ctx.database.db.select().from(users).where(eq(users.username, 'superadmin'));
  for (const clinicId of [10, 11]) {
    const visit = await records(
      'superadmin',
      'dokter',
      clinicId,
      me.dokter.doctorId!,
      `Pasien Matrix ${clinicId}`,
    );
    const corp = await corporateRecords('superadmin', 'dokter', clinicId, `Matrix ${clinicId}`);
    const stock = await stockRecords('superadmin', clinicId, corp.drug, `Matrix ${clinicId}`);
    const prescription = await prescriptionOf(visit.encounter, corp.drug);
    own[clinicId] = {
      corpId,
      clinicId,
      doctorId: me.dokter.doctorId!,
      ...visit,
      ...corp,
      ...stock,
      prescription,
    };
  }
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

const scopeOf = (who: Me) => own[who.clinicId === 11 || who.clinicId === 12 ? 11 : 10];
/**
 * The same corporate's other clinic (10 or 11) when it is outside the user's scope: its clinic id
 * and its clinic-bound records (visits, notes, letters); the corporate's own records (patients,
 * roles, drugs) stay, as a chain shares them.
 */
const siblingOf = (who: Me): Scope | null => {
  const other = own[scopeOf(who).clinicId === 10 ? 11 : 10];
  if (who.clinics.includes(other.clinicId)) return null;
  return {
    ...scopeOf(who),
    clinicId: other.clinicId,
    registration: other.registration,
    delivery: other.delivery,
    labVisit: other.labVisit,
    encounter: other.encounter,
    letter: other.letter,
    location: other.location,
    toLocation: other.toLocation,
    prescription: other.prescription,
  };
};

/** Own clinic, the other corporate's records. */
const mixedOf = (who: Me): Scope => ({
  ...foreign,
  clinicId: scopeOf(who).clinicId,
  corpId: scopeOf(who).corpId,
});

/** An answer listing nothing: `data: []` or a page with no documents. */
function isEmptyPage(body: string): boolean {
  const data = JSON.parse(body).data;
  return (Array.isArray(data) && data.length === 0) || (Array.isArray(data?.docs) && data.docs.length === 0);
}

function judge(cell: Omit<Cell, 'problem'>, caller: Me | null): string | null {
  const { route, status, body } = cell;
  if (status >= 500) return `${status} ${body.slice(0, 160)}`;
  if (cell.variant === 'none') {
    if (isPublic(route)) return null;
    return status === 401 ? null : `no session answered ${status}`;
  }
  if (!caller) return 'no caller';
  if (!passes(route, caller)) {
    if (status !== 403) return `no menu answered ${status}`;
    const message = JSON.parse(body).message;
    // a doctor's act offered by a menu to a user who is not a doctor says so
    const doctorOnly =
      route.access &&
      'permission' in route.access &&
      DOCTOR_ONLY_PERMISSIONS.includes(route.access.permission) &&
      permissionsOf(caller.roleName, accessibleRoutes(caller.access), { doctor: true }).has(
        route.access.permission,
      );
    const expected = doctorOnly ? translate('id', 'consultations.doctorOnly') : FORBIDDEN;
    return message === expected ? null : `403 without the refusal message: ${body.slice(0, 120)}`;
  }
  if (cell.variant === 'own') {
    if (status === 401) return `own clinic answered 401`;
    if (status === 403) {
      const key = designedRefusal(route, caller, scopeOf(caller));
      const message = JSON.parse(body).message;
      if (key && message === translate('id', key)) return null;
      return `own clinic answered 403 ${message}`;
    }
    if (status < 300 && foreignMarks.some((m) => body.includes(m)))
      return `own answer shows the other corporate's data: ${foreignMarks.find((m) => body.includes(m))}`;
    return null;
  }
  // another corporate's (or, for 'sibling', another clinic's) clinic or records: refused, or (a list
  // filtered by such a record) nothing found
  if (isPublic(route)) return null; // a public route's grant is its token, whoever holds it
  if (status === 403 || status === 404) return null;
  if (cell.variant === 'mixed' && status === 400) return null; // a body field naming an unknown record
  if (
    route.method === 'GET' &&
    status === 200 &&
    isEmptyPage(body) &&
    !foreignMarks.some((m) => body.includes(m))
  )
    return null;
  return `${cell.variant} answered ${status} ${body.slice(0, 160)}`;
}

describe('authorisation matrix', () => {
  it('answers every route × role × own / other clinic / other corporate × no session as designed', async () => {
    for (const route of routes) {
      const anyone = me.superadmin;
      const none = await call(route, specOf(route, scopeOf(anyone), anyone, true), null);
      const noneCell = {
        route,
        who: 'none' as const,
        variant: 'none' as const,
        status: none.statusCode,
        body: none.body,
      };
      cells.push({ ...noneCell, problem: judge(noneCell, null) });
      for (const who of ROLES) {
        const caller = me[who];
        const ownSpec = specOf(route, scopeOf(caller), caller, true);
        const variants: [Cell['variant'], Spec][] = [['own', ownSpec]];
        const foreignSpec = specOf(route, foreign, caller, false);
        if (
          urlOf(route, foreignSpec) !== urlOf(route, ownSpec) ||
          JSON.stringify(foreignSpec.body) !== JSON.stringify(ownSpec.body)
        )
          variants.push(['foreign', foreignSpec]);
        const mixedSpec = specOf(route, mixedOf(caller), caller, false);
        const mixedKey = `${urlOf(route, mixedSpec)} ${JSON.stringify(mixedSpec.body)}`;
        if (![ownSpec, foreignSpec].some((s) => `${urlOf(route, s)} ${JSON.stringify(s.body)}` === mixedKey))
          variants.push(['mixed', mixedSpec]);
        const sibling = siblingOf(caller);
        if (sibling) {
          const siblingSpec = specOf(route, sibling, caller, false);
          if (
            urlOf(route, siblingSpec) !== urlOf(route, ownSpec) ||
            JSON.stringify(siblingSpec.body) !== JSON.stringify(ownSpec.body)
          )
            variants.push(['sibling', siblingSpec]);
        }
        for (const [variant, spec] of variants) {
          const res = await call(route, spec, who);
          const cell = { route, who, variant, status: res.statusCode, body: res.body };
          cells.push({ ...cell, problem: judge(cell, caller) });
        }
      }
    }
    summarise();
    const problems = cells
      .filter((c) => c.problem)
      .map((c) => `${short(c.route)} · ${c.who} · ${c.variant}: ${c.problem}`);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 600_000);

  it('keeps the designed access of every route (review a change here)', async () => {
    const sorted = [...routes].sort((a, b) => short(a).localeCompare(short(b)));
    const lines = sorted.map((route) => {
      const allowed = isPublic(route) ? 'public' : ROLES.filter((who) => passes(route, me[who])).join(' ');
      const rule =
        !route.access || 'public' in route.access
          ? 'public'
          : 'session' in route.access
            ? 'session'
            : `permission ${route.access.permission}`;
      return `${short(route)}\n    ${rule}\n    → ${allowed}`;
    });
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/access-matrix.txt');
  });
});

describe('hand-checked cells', () => {
  const get = (who: Who, url: string) => send(who, 'GET', `${API}${url}`);

  it('the cashier cannot open a medical record', async () => {
    const res = await get('kasir', `/consultations/encounters/${own[10].encounter}`);
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body).message).toBe(FORBIDDEN);
  });

  it('a doctor of clinics 11 and 12 cannot list clinic 10’s registrations, but can list 11’s', async () => {
    expect((await get('dokter2', '/registrations/registrations?clinicId=10')).statusCode).toBe(403);
    expect((await get('dokter2', '/registrations/registrations?clinicId=11')).statusCode).toBe(200);
  });

  it('the front office cannot change the drug master', async () => {
    const res = await send('pendaftaran', 'PUT', `${API}/settings/pharmacy/drugs/${own[10].drug}`, {
      name: 'Obat Ganti',
      form: 'tablet',
      unit: 'tablet',
      price: 1,
    });
    expect(res.statusCode).toBe(403);
  });

  it('the other corporate’s Super Admin reaches none of the demo chain’s records', async () => {
    const s = own[10];
    for (const url of [
      `/patients/${s.patient}`,
      `/consultations/encounters/${s.encounter}`,
      `/registrations/registrations/${s.registration}`,
      `/files/${s.file}`,
      `/consultations/letters/${s.letter}/pdf`,
      '/patients?clinicId=10',
    ]) {
      expect([403, 404], url).toContain((await get('superlain', url)).statusCode);
    }
  });

  it('the doctor reads the own clinic’s record; no session is 401', async () => {
    expect((await get('dokter', `/consultations/encounters/${own[10].encounter}`)).statusCode).toBe(200);
    expect((await send(null, 'GET', `${API}/consultations/encounters/${own[10].encounter}`)).statusCode).toBe(
      401,
    );
  });
});

/** Routes × roles: the own-clinic status, and the foreign/mixed ones after a slash. */
function summarise() {
  const byRoute = new Map<string, Map<string, string>>();
  const totals = new Map<string, number>();
  for (const c of cells) {
    const key = short(c.route);
    const row = byRoute.get(key) ?? new Map<string, string>();
    byRoute.set(key, row);
    const previous = row.get(c.who);
    row.set(c.who, previous ? `${previous}/${c.status}` : String(c.status));
    const t = `${c.variant} ${c.status}`;
    totals.set(t, (totals.get(t) ?? 0) + 1);
  }
  const columns = ['none', ...ROLES];
  const header = `${'route'.padEnd(62)} ${columns.map((c) => c.slice(0, 11).padEnd(11)).join(' ')}`;
  const rows = [...byRoute].map(
    ([key, row]) =>
      `${key.slice(0, 62).padEnd(62)} ${columns.map((c) => (row.get(c) ?? '').padEnd(11)).join(' ')}`,
  );
  const total = [...totals]
    .sort()
    .map(([k, n]) => `${k}×${n}`)
    .join('  ');
  console.info(
    `authorisation matrix: ${routes.length} routes × ${ROLES.length} roles (+ no session), ${cells.length} calls\n${header}\n${rows.join('\n')}\n${total}`,
  );
}
