import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { HAZARD_GROUPS, MCU_STATIONS } from './mcu-stations.ts';

/**
 * What the MCU examination screens send and get (issue 20 §3–5, `/Lab/home-page-mcu`): a
 * station's values, the hazard exposures, the doctor's conclusion and its approval, a company's
 * conclusion categories, the worklist. A station's values are checked against its fields by
 * mcu-findings.rules.ts `checkStationData` (the station is in the path).
 */

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v || null);
const uidSchema = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const isoDay = dateSchema('iso', 'mcuExam.dateInvalid');

export const participantParamsSchema = z.object({ uid: uidSchema });
export const stationParamsSchema = z.object({ uid: uidSchema, station: z.enum(MCU_STATIONS) });
export const companyCategoryParamsSchema = z.object({ uid: uidSchema });

/** A station's values (codes, numbers, texts; null: not measured) and an attached tracing. */
export const stationSaveSchema = z.object({
  data: z.record(z.string().max(40), z.union([z.string().max(2000), z.number(), z.null()])),
  fileUid: uidSchema.nullable().optional(),
});
export type StationSave = z.infer<typeof stationSaveSchema>;

const hours = z.number('mcuExam.hoursInvalid').min(0, 'mcuExam.hoursInvalid').max(24, 'mcuExam.hoursInvalid');
const years = z.number('mcuExam.yearsInvalid').min(0, 'mcuExam.yearsInvalid').max(60, 'mcuExam.yearsInvalid');

export const exposureSchema = z.object({
  group: z.enum(HAZARD_GROUPS, 'mcuExam.groupInvalid'),
  agent: text(100).min(1, 'validation.required'),
  hoursPerDay: hours
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  years: years
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  ppe: optionalText(200),
  level: optionalText(100),
});
export type ExposureInput = z.infer<typeof exposureSchema>;

export const exposuresSaveSchema = z.object({
  exposures: z.array(exposureSchema).max(30, 'validation.tooLong'),
  occupationalHistory: optionalText(4000),
});
export type ExposuresSave = z.infer<typeof exposuresSaveSchema>;

/** The doctor's conclusion; after approval only as a new version with its reason. */
export const conclusionSaveSchema = z.object({
  category: text(40).min(1, 'mcuExam.categoryRequired'),
  conclusion: optionalText(4000),
  advice: optionalText(4000),
  restrictions: optionalText(2000),
  followUpDate: isoDay
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null))
    .transform((v) => v || null),
  amendmentReason: optionalText(1000),
});
export type ConclusionSave = z.infer<typeof conclusionSaveSchema>;

export const categorySchema = z.object({
  code: text(40).min(1, 'validation.required'),
  label: text(120).min(1, 'validation.required'),
  fit: z.boolean(),
});
export const categoriesSaveSchema = z.object({
  categories: z.array(categorySchema).max(20, 'validation.tooLong'),
});
export type CategoriesSave = z.infer<typeof categoriesSaveSchema>;

export const worklistQuerySchema = z.object({
  clinicId: z.coerce.number().int('validation.invalid').positive('validation.invalid'),
  date: isoDay.optional(),
  companyUid: uidSchema.optional(),
  station: z.enum(MCU_STATIONS).optional(),
  notDone: z.enum(['true', 'false']).optional(),
  search: text(100).optional(),
  /** the participant of this visit (the lab sidebar's MCU visit), whatever its day */
  visitUid: uidSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type WorklistQuery = z.infer<typeof worklistQuerySchema>;

// ---- answers

const byWho = z.object({ name: z.string(), at: z.string() }).nullable();

export const stationResultSchema = z.object({
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  findings: z.array(z.string()),
  normal: z.boolean(),
  fileUid: z.string().nullable(),
  fileUrl: z.string().nullable(),
  examined: byWho,
});
export type StationResult = z.infer<typeof stationResultSchema>;

export const examStationSchema = z.object({
  station: z.enum(MCU_STATIONS),
  recorded: z.boolean(),
  result: stationResultSchema.nullable(),
});

export const exposureAnswerSchema = z.object({
  group: z.string(),
  agent: z.string(),
  hoursPerDay: z.number().nullable(),
  years: z.number().nullable(),
  ppe: z.string().nullable(),
  level: z.string().nullable(),
});

export const suggestedTestSchema = z.object({
  station: z.enum(MCU_STATIONS),
  agents: z.array(z.string()),
  missing: z.boolean(),
});

export const conclusionAnswerSchema = z.object({
  uid: z.string(),
  version: z.number().int(),
  status: z.enum(['draft', 'approved', 'replaced']),
  category: z.string(),
  categoryLabel: z.string(),
  conclusion: z.string().nullable(),
  advice: z.string().nullable(),
  restrictions: z.string().nullable(),
  followUpDate: z.string().nullable(),
  findings: z.array(z.string()),
  amendmentReason: z.string().nullable(),
  /** only once approved: what the report's QR code carries */
  verifyToken: z.string().nullable(),
  written: byWho,
  approved: byWho,
});
export type ConclusionAnswer = z.infer<typeof conclusionAnswerSchema>;

export const categoryAnswerSchema = z.object({ code: z.string(), label: z.string(), fit: z.boolean() });

export const MCU_PARTICIPANT_STATUSES = ['registered', 'inProgress', 'done', 'approved'] as const;

export const examAnswerSchema = z.object({
  participant: z.object({
    uid: z.string(),
    mcuNumber: z.string(),
    name: z.string(),
    nik: z.string(),
    employeeNumber: z.string(),
    sex: z.string(),
    birthDate: z.string(),
    department: z.string().nullable(),
    job: z.string().nullable(),
    jobGroup: z.string().nullable(),
    status: z.enum(MCU_PARTICIPANT_STATUSES),
    visitUid: z.string().nullable(),
    patientUid: z.string(),
    clinicId: z.number().int(),
  }),
  event: z.object({
    uid: z.string(),
    name: z.string(),
    examType: z.string(),
    startDate: z.string(),
    endDate: z.string(),
  }),
  company: z.object({ uid: z.string(), name: z.string() }),
  package: z.object({ uid: z.string(), name: z.string(), stations: z.array(z.enum(MCU_STATIONS)) }),
  stations: z.array(examStationSchema),
  /** the visit's lab report (null: the package has no lab, or no visit yet) */
  lab: z
    .object({
      status: z.enum(['none', 'draft', 'validated', 'released']),
      findings: z.array(z.string()),
    })
    .nullable(),
  exposures: z.array(exposureAnswerSchema),
  occupationalHistory: z.string().nullable(),
  suggestedTests: z.array(suggestedTestSchema),
  /** every station's findings (lab included), in the package's order */
  findings: z.array(z.object({ station: z.enum(MCU_STATIONS), text: z.string() })),
  /** newest first; the first is the current one */
  conclusions: z.array(conclusionAnswerSchema),
  categories: z.array(categoryAnswerSchema),
  adviceTemplates: z.array(z.string()),
  /** a station or the conclusion can still change (not approved) */
  editable: z.boolean(),
});
export type ExamAnswer = z.infer<typeof examAnswerSchema>;

export const exposuresAnswerSchema = z.object({
  exposures: z.array(exposureAnswerSchema),
  occupationalHistory: z.string().nullable(),
  suggestedTests: z.array(suggestedTestSchema),
});

export const categoriesAnswerSchema = z.object({
  source: z.enum(['company', 'corporate']),
  categories: z.array(categoryAnswerSchema),
});

export const worklistRowSchema = z.object({
  uid: z.string(),
  mcuNumber: z.string(),
  name: z.string(),
  employeeNumber: z.string(),
  department: z.string().nullable(),
  company: z.object({ uid: z.string(), name: z.string() }),
  eventName: z.string(),
  status: z.enum(MCU_PARTICIPANT_STATUSES),
  visitUid: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  stations: z.array(z.object({ station: z.enum(MCU_STATIONS), done: z.boolean() })),
  left: z.array(z.enum(MCU_STATIONS)),
});
export type WorklistRow = z.infer<typeof worklistRowSchema>;
