// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import {
  COMPOUND_FORMS,
  DRUG_ROUTES,
  LETTER_KINDS,
  ORDER_SERVICES,
  VITALS,
  type VitalName,
} from './consultation.rules.ts';

// A visit's note (`consultations/encounters`): the draft the doctor edits and the note the API answers.
const text = (max: number) => z.string().max(max, 'validation.tooLong');
const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');

/** A vital sign: empty (null) or a number inside the physically possible range. */
const vital = (name: VitalName) => {
  const v = VITALS[name];
  const base = v.integer
    ? z.number('validation.invalid').int('consultations.vitalWhole')
    : z.number('validation.invalid');
  return base
    .min(v.min, `consultations.vitalRange.${name}`)
    .max(v.max, `consultations.vitalRange.${name}`)
    .nullable();
};

export const vitalsSchema = z.object({
  systolic: vital('systolic'),
  diastolic: vital('diastolic'),
  pulse: vital('pulse'),
  respiratoryRate: vital('respiratoryRate'),
  temperature: vital('temperature'),
  spo2: vital('spo2'),
  weight: vital('weight'),
  height: vital('height'),
});
export type Vitals = z.infer<typeof vitalsSchema>;

export const diagnosisSchema = z.object({
  code: z.string().trim().min(1, 'validation.required').max(10, 'validation.tooLong'),
  title: text(300),
  primary: z.boolean(),
});
export type EncounterDiagnosis = z.infer<typeof diagnosisSchema>;

export const procedureSchema = z.object({
  code: z.string().trim().min(1, 'validation.required').max(10, 'validation.tooLong'),
  title: text(300),
});
export type EncounterProcedure = z.infer<typeof procedureSchema>;

/** One ingredient of a compounded preparation (racikan). */
export const compoundIngredientSchema = z.object({
  drugId: uidSchema.nullish(),
  name: z.string().trim().min(1, 'consultations.drugRequired').max(200, 'validation.tooLong'),
  /** '250 mg', '1/2 tab' */
  amount: z.string().trim().min(1, 'consultations.amountRequired').max(40, 'validation.tooLong'),
});

const prescriptionLine = {
  /** The drug's public id (kind drug). */
  drugId: uidSchema.nullish(),
  /** The drug's name and strength as prescribed, or the compound's name ('Racikan batuk'). */
  name: z.string().trim().min(1, 'consultations.drugRequired').max(200, 'validation.tooLong'),
  /** '1 tablet', '5 ml' */
  dose: z.string().trim().min(1, 'consultations.doseRequired').max(40, 'validation.tooLong'),
  /** '3x sehari' */
  frequency: z.string().trim().min(1, 'consultations.frequencyRequired').max(40, 'validation.tooLong'),
  route: z.enum(DRUG_ROUTES, 'consultations.routeRequired'),
  durationDays: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'consultations.durationRange')
    .max(365, 'consultations.durationRange')
    .nullable(),
  quantity: z
    .number('consultations.quantityRequired')
    .positive('consultations.quantityRequired')
    .max(10000, 'validation.tooLong'),
  unit: z.string().trim().min(1, 'validation.required').max(30, 'validation.tooLong'),
  instructions: text(300).nullish(),
};

/**
 * One line of a prescription: a drug from the master, or a compounded preparation (racikan) of
 * several ingredients made into `compoundForm` (`quantity` of them, e.g. 10 puyer). Every field is
 * checked in one pass, so the doctor sees all that is missing at once.
 */
export const prescriptionItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('drug'),
    ...prescriptionLine,
    ingredients: z.array(compoundIngredientSchema).max(10, 'validation.tooLong').default([]),
    compoundForm: z.enum(COMPOUND_FORMS).nullish(),
  }),
  z.object({
    kind: z.literal('compound'),
    ...prescriptionLine,
    ingredients: z
      .array(compoundIngredientSchema)
      .min(2, 'consultations.compoundIngredients')
      .max(10, 'validation.tooLong'),
    compoundForm: z.enum(COMPOUND_FORMS, 'consultations.compoundForm'),
  }),
]);
export type PrescriptionItem = z.infer<typeof prescriptionItemSchema>;

export const orderDraftSchema = z.object({
  serviceType: z.enum(ORDER_SERVICES),
  items: z
    .array(z.string().trim().min(1).max(100, 'validation.tooLong'))
    .min(1, 'consultations.orderItems')
    .max(40),
  note: text(500).nullish(),
});
export type EncounterOrderDraft = z.infer<typeof orderDraftSchema>;

export const referralDraftSchema = z.object({
  /** Facility referred to ('RSUD Tarakan'). */
  facility: z.string().trim().min(1, 'consultations.referralFacility').max(200, 'validation.tooLong'),
  specialty: text(100).nullish(),
  reason: z.string().trim().min(1, 'consultations.referralReason').max(1000, 'validation.tooLong'),
});
export type ReferralDraft = z.infer<typeof referralDraftSchema>;

/** The SOAP text of a note (and of a template). */
export const soap = {
  subjective: text(5000).nullable(),
  objective: text(5000).nullable(),
  assessment: text(5000).nullable(),
  plan: text(5000).nullable(),
};

/** The draft note as the screen edits it (saved whole, as the doctor types). */
export const encounterContentSchema = vitalsSchema.extend({
  ...soap,
  diagnoses: z.array(diagnosisSchema).max(20, 'validation.tooLong'),
  procedures: z.array(procedureSchema).max(20, 'validation.tooLong'),
  prescription: z.array(prescriptionItemSchema).max(30, 'validation.tooLong'),
  orders: z.array(orderDraftSchema).max(4, 'validation.tooLong'),
  referral: referralDraftSchema.nullable(),
});
export type EncounterContent = z.infer<typeof encounterContentSchema>;

/** `PUT consultations/encounters/{id}`: the draft and the version it was based on. */
export const encounterSaveSchema = encounterContentSchema
  .extend({ version: z.number().int().positive() })
  .superRefine((v, ctx) => {
    if (v.diagnoses.filter((d) => d.primary).length > 1)
      ctx.addIssue({ code: 'custom', path: ['diagnoses'], message: 'consultations.onePrimary' });
    const services = v.orders.map((o) => o.serviceType);
    if (new Set(services).size !== services.length)
      ctx.addIssue({ code: 'custom', path: ['orders'], message: 'consultations.orderTwice' });
  });
export type EncounterSaveInput = z.infer<typeof encounterSaveSchema>;

/** `POST consultations/encounters`: open (or reopen) the note of a doctor registration. */
export const encounterOpenSchema = z.object({ registrationId: uidSchema });

/** `POST consultations/encounters/{id}/finish`: sign and send the patient on. */
export const encounterFinishSchema = z.object({ version: z.number().int().positive() });

export const addendumCreateSchema = z.object({
  text: z.string().trim().min(1, 'consultations.addendumRequired').max(5000, 'validation.tooLong'),
});

const person = z.object({ id: z.number().int(), name: z.string() });

export const serviceOrderSchema = z.object({
  uid: z.string(),
  serviceType: z.enum(ORDER_SERVICES),
  items: z.array(z.string()),
  note: z.string().nullable(),
  /** The service visit the order became: its queue number and where it stands (null for the moment
   * between the signed note and the service desk's queue taking the order in). */
  registrationId: z.string().nullable(),
  queueNumber: z.string().nullable(),
  status: z.string().nullable(),
  result: z.string().nullable(),
  resultAt: z.string().nullable(),
});
export type ServiceOrder = z.infer<typeof serviceOrderSchema>;

export const letterSummarySchema = z.object({
  uid: z.string(),
  kind: z.enum(LETTER_KINDS),
  number: z.string(),
  createdAt: z.string(),
});

export const addendumSchema = z.object({
  uid: z.string(),
  text: z.string(),
  createdAt: z.string(),
  by: person,
});

/** A visit's note as the API answers it. */
export const encounterSchema = vitalsSchema.extend({
  uid: z.string(),
  status: z.enum(['draft', 'signed']),
  version: z.number().int(),
  clinic: z.object({ id: z.number().int(), name: z.string() }),
  patient: z.object({ uid: z.string(), mrn: z.string(), name: z.string() }),
  registration: z.object({
    uid: z.string(),
    queueNumber: z.string(),
    status: z.string(),
    /** YYYY-MM-DD, the clinic's day of the visit */
    queueDate: z.string(),
    complaint: z.string().nullable(),
    payerType: z.string(),
  }),
  doctor: person.nullable(),
  bmi: z.number().nullable(),
  ...soap,
  diagnoses: z.array(diagnosisSchema),
  procedures: z.array(procedureSchema),
  prescription: z.array(prescriptionItemSchema),
  orders: z.array(orderDraftSchema),
  referral: referralDraftSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  signedAt: z.string().nullable(),
  signedBy: person.nullable(),
  addenda: z.array(addendumSchema),
  serviceOrders: z.array(serviceOrderSchema),
  prescriptionStatus: z.enum(['waiting', 'dispensed', 'cancelled']).nullable(),
  /** Lines the pharmacist gave another drug for, with the reason (issue 17 §2). */
  prescriptionSubstitutions: z
    .array(z.object({ line: z.number().int(), from: z.string(), to: z.string(), reason: z.string() }))
    .optional(),
  letters: z.array(letterSummarySchema),
});
export type Encounter = z.infer<typeof encounterSchema>;

/** What finishing did: the note signed, where the patient goes next, the orders' queue numbers. */
export const encounterFinishResultSchema = z.object({
  encounter: encounterSchema,
  nextStatus: z.enum(['Prescription Waiting', 'Payment']),
});

export const CONSULTATION_EVENTS = { encounterSigned: 'encounter.signed' } as const;
