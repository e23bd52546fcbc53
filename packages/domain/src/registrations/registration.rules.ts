/**
 * Registration statuses, the status machine and the queue rules of spec 4, shared by the server
 * (which enforces them) and the web app (which enables buttons by them).
 */

/** Spec 4's statuses, spelled as the spec spells them; 'Queuing' is read as 'Queueing'. */
export const REGISTRATION_STATUSES = [
  'Waiting',
  'Queueing',
  'Skip',
  'Examination',
  'Exam Done',
  'Prescription Waiting',
  'Payment',
  'Paid',
  // not in the spec's list: a registration made by mistake or a patient who went home
  'Cancelled',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The spec's other spelling, accepted wherever a status is read. */
export function normaliseStatus(value: string): RegistrationStatus | null {
  const v = value.trim();
  if (v === 'Queuing') return 'Queueing';
  return (REGISTRATION_STATUSES as readonly string[]).includes(v) ? (v as RegistrationStatus) : null;
}

/** Spec 4: the doctor sidebar's upper list (examination or later) and lower list (waiting). */
export const EXAMINATION_GROUP: readonly RegistrationStatus[] = [
  'Examination',
  'Paid',
  'Prescription Waiting',
  'Payment',
];
export const WAITING_GROUP: readonly RegistrationStatus[] = ['Waiting', 'Queueing', 'Skip'];

/** Call (spec 2.8, 4): after a confirmation, to Examination; only from Waiting, Queuing or Skip. */
export const CALLABLE: readonly RegistrationStatus[] = ['Waiting', 'Queueing', 'Skip'];
export const canCall = (status: RegistrationStatus) => CALLABLE.includes(status);

/**
 * Every legal move. Waiting → Queueing is the nurse's check-in (vitals taken, ready for the
 * doctor); Skip is a called patient who did not come; Exam Done goes on to the pharmacy or the
 * cashier; Paid and Cancelled are final.
 */
export const STATUS_MOVES: Readonly<Record<RegistrationStatus, readonly RegistrationStatus[]>> = {
  Waiting: ['Queueing', 'Examination', 'Skip', 'Cancelled'],
  Queueing: ['Waiting', 'Examination', 'Skip', 'Cancelled'],
  Skip: ['Waiting', 'Queueing', 'Examination', 'Cancelled'],
  Examination: ['Skip', 'Exam Done'],
  'Exam Done': ['Prescription Waiting', 'Payment'],
  'Prescription Waiting': ['Payment'],
  Payment: ['Paid'],
  Paid: [],
  Cancelled: [],
};

export const canMove = (from: RegistrationStatus, to: RegistrationStatus) => STATUS_MOVES[from].includes(to);

/**
 * A visit that stands in the way of registering the same visit again today: every status but
 * Cancelled (a visit already Paid counts too — a second consultation with the same doctor on one
 * day is rare enough to ask the clerk to confirm it).
 */
export const isActiveVisit = (status: RegistrationStatus) => status !== 'Cancelled';

/** The services a visit is registered for. A doctor consultation has order type doctor. */
export const SERVICE_TYPES = ['LAB', 'RAD', 'MCU', 'TREATMENT', 'PHYSIO'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const ORDER_TYPES = ['doctor', 'service'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The lab sidebar's services (spec 3: default MCU, TREATMENT, RAD, LAB). */
export const LAB_FILTER_SERVICES = ['MCU', 'TREATMENT', 'RAD', 'LAB'] as const;
export type LabFilterService = (typeof LAB_FILTER_SERVICES)[number];

/**
 * Spec 4: a lab/physio row shows only when (status is not Payment and there is no company) or
 * (status is not Paid and there is a company).
 */
export function visibleInLabList(row: { status: string; company: unknown }): boolean {
  const hasCompany = row.company !== null && row.company !== undefined && row.company !== '';
  return (row.status !== 'Payment' && !hasCompany) || (row.status !== 'Paid' && hasCompany);
}

/** Queue prefixes per clinic: doctor visits, BPJS doctor visits and each service. */
export interface QueuePrefixes {
  doctor: string;
  bpjs: string;
  LAB: string;
  RAD: string;
  MCU: string;
  TREATMENT: string;
  PHYSIO: string;
}

/** A for general and insurance patients, B for BPJS (the issue's example), a letter per service. */
export const DEFAULT_QUEUE_PREFIXES: QueuePrefixes = {
  doctor: 'A',
  bpjs: 'B',
  LAB: 'L',
  RAD: 'R',
  MCU: 'M',
  TREATMENT: 'T',
  PHYSIO: 'F',
};

export function queuePrefixFor(
  prefixes: QueuePrefixes,
  visit: { orderType: OrderType; serviceType?: ServiceType | null; payerType: string },
): string {
  if (visit.orderType === 'service' && visit.serviceType) return prefixes[visit.serviceType];
  return visit.payerType === 'bpjs' ? prefixes.bpjs : prefixes.doctor;
}

/** `PREFIX-NNN`: at least three digits, more after 999 ('A-1000'). */
export const formatQueueNumber = (prefix: string, value: number) =>
  `${prefix}-${String(value).padStart(3, '0')}`;

/** What a TV says for a call: 'Nomor antrean A 12, silakan ke Poli Umum' (numbers read plainly). */
export function callAnnouncement(queueNumber: string, room: string): string {
  const [prefix, number] = queueNumber.includes('-') ? queueNumber.split('-', 2) : ['', queueNumber];
  const spoken = `${prefix ? `${prefix} ` : ''}${Number(number)}`;
  return `Nomor antrean ${spoken}, silakan ke ${room}`;
}
