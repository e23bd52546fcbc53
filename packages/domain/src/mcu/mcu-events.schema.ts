import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { MCU_EXAM_TYPES } from './mcu-stations.ts';

/**
 * A company's MCU event and its participants (issue 20 §2): the site, the days, the package of
 * each job group; participants imported from the company's sheet, checked in for their visit.
 */

export const MCU_EVENT_STATUSES = ['open', 'closed'] as const;
export const MCU_PARTICIPANT_STATUSES = ['registered', 'inProgress', 'done', 'approved'] as const;
export type McuParticipantStatus = (typeof MCU_PARTICIPANT_STATUSES)[number];

const uid = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const page = z.coerce.number().int().min(1).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);
const isoDay = dateSchema('iso', 'mcuSetup.dateInvalid');

export const mcuEventPackageInputSchema = z.object({
  /** the job group as the company's sheet names it in JENIS PAKET */
  jobGroup: z.string().trim().min(1, 'mcuSetup.jobGroupRequired').max(60, 'validation.tooLong'),
  packageUid: uid,
});

export const mcuEventSaveSchema = z
  .object({
    name: z.string().trim().min(1, 'mcuSetup.nameRequired').max(120, 'validation.tooLong'),
    companyUid: uid,
    clinicId: z.coerce.number('mcuSetup.clinicRequired').int().positive('mcuSetup.clinicRequired'),
    examType: z.enum(MCU_EXAM_TYPES, 'mcuSetup.examTypeRequired'),
    startDate: isoDay,
    endDate: isoDay,
    status: z.enum(MCU_EVENT_STATUSES).default('open'),
    packages: z.array(mcuEventPackageInputSchema).min(1, 'mcuSetup.packagesRequired').max(30),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'mcuSetup.dateOrder' });
    const seen = new Set<string>();
    v.packages.forEach((p, i) => {
      const key = p.jobGroup.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['packages', i, 'jobGroup'],
          message: 'mcuSetup.jobGroupDuplicate',
        });
      seen.add(key);
    });
  });
export type McuEventSaveInput = z.infer<typeof mcuEventSaveSchema>;

export const mcuEventQuerySchema = z.object({
  companyUid: uid.optional(),
  clinicId: z.coerce.number().int().positive().optional(),
  status: z.enum(MCU_EVENT_STATUSES).optional(),
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  page,
  limit,
});
export type McuEventQuery = z.infer<typeof mcuEventQuerySchema>;

export const mcuEventParamsSchema = z.object({ uid });
export const mcuParticipantParamsSchema = z.object({ uid });

export const mcuProgressSchema = z.object({
  registered: z.number().int(),
  inProgress: z.number().int(),
  done: z.number().int(),
  approved: z.number().int(),
  total: z.number().int(),
});
export type McuProgress = z.infer<typeof mcuProgressSchema>;

export const mcuEventSchema = z.object({
  uid: z.string(),
  name: z.string(),
  company: z.object({ uid: z.string(), name: z.string(), code: z.string().nullable() }),
  clinicId: z.number().int(),
  clinicName: z.string(),
  examType: z.enum(MCU_EXAM_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(MCU_EVENT_STATUSES),
  packages: z.array(
    z.object({ jobGroup: z.string(), packageUid: z.string(), code: z.string(), name: z.string() }),
  ),
  progress: mcuProgressSchema,
  createdAt: z.string(),
});
export type McuEvent = z.infer<typeof mcuEventSchema>;

export const mcuParticipantQuerySchema = z.object({
  status: z.enum(MCU_PARTICIPANT_STATUSES).optional(),
  /** name, KTP NIK, employee number or MCU number */
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  page,
  limit,
});
export type McuParticipantQuery = z.infer<typeof mcuParticipantQuerySchema>;

export const mcuParticipantSchema = z.object({
  uid: z.string(),
  eventUid: z.string(),
  mcuNumber: z.string(),
  employeeNumber: z.string(),
  nik: z.string(),
  name: z.string(),
  sex: z.enum(['M', 'F']),
  birthDate: z.string(),
  department: z.string().nullable(),
  job: z.string().nullable(),
  jobGroup: z.string().nullable(),
  package: z.object({ uid: z.string(), code: z.string(), name: z.string() }),
  patient: z.object({ uid: z.string(), mrn: z.string() }),
  status: z.enum(MCU_PARTICIPANT_STATUSES),
  consentToShare: z.boolean(),
  /** the MCU visit (registration `_id`), set at check-in */
  registrationUid: z.string().nullable(),
  checkedInAt: z.string().nullable(),
});
export type McuParticipant = z.infer<typeof mcuParticipantSchema>;

/** `PUT /mcu/participants/:uid`: what the clerk fixes on one participant (the package: only before check-in). */
export const mcuParticipantUpdateSchema = z.object({
  department: z.string().trim().max(100, 'validation.tooLong').nullish(),
  job: z.string().trim().max(100, 'validation.tooLong').nullish(),
  /** a job group of the event, or a package's code or name (as the sheet's JENIS PAKET) */
  jobGroup: z.string().trim().min(1, 'mcuSetup.packageRequired').max(120, 'validation.tooLong').optional(),
  consentToShare: z.boolean().optional(),
});
export type McuParticipantUpdateInput = z.infer<typeof mcuParticipantUpdateSchema>;

/** The columns of the participant sheet (research §2.2), in the template's order. */
export const MCU_SHEET_COLUMNS = [
  'no',
  'employeeNumber',
  'name',
  'nik',
  'department',
  'job',
  'package',
  'sex',
  'birthDate',
  'address',
] as const;
export type McuSheetColumn = (typeof MCU_SHEET_COLUMNS)[number];
export const MCU_REQUIRED_COLUMNS: readonly McuSheetColumn[] = [
  'employeeNumber',
  'name',
  'nik',
  'package',
  'sex',
  'birthDate',
];

/** One participant typed in the form (a rejected row fixed by hand): the sheet's cells as text. */
export const mcuParticipantAddSchema = z.object({
  employeeNumber: z.string().trim().max(60, 'validation.tooLong').default(''),
  name: z.string().trim().max(120, 'validation.tooLong').default(''),
  nik: z.string().trim().max(30, 'validation.tooLong').default(''),
  department: z.string().trim().max(100, 'validation.tooLong').default(''),
  job: z.string().trim().max(100, 'validation.tooLong').default(''),
  package: z.string().trim().max(120, 'validation.tooLong').default(''),
  sex: z.string().trim().max(20, 'validation.tooLong').default(''),
  birthDate: z.string().trim().max(30, 'validation.tooLong').default(''),
  address: z.string().trim().max(300, 'validation.tooLong').default(''),
});
export type McuParticipantAddInput = z.infer<typeof mcuParticipantAddSchema>;

export const mcuImportIssueSchema = z.object({
  row: z.number().int(),
  /** a key of MCU_SHEET_COLUMNS */
  column: z.string(),
  message: z.string(),
});
export type McuImportIssue = z.infer<typeof mcuImportIssueSchema>;

export const mcuImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** rows not written (each has at least one issue) */
  rejected: z.number().int(),
  /** new patients created for participants no patient of the corporate had the NIK of */
  patientsCreated: z.number().int(),
  issues: z.array(mcuImportIssueSchema),
  /** the cells of each rejected row, as text: the form the clerk fixes a row in starts from them */
  rejectedRows: z.array(z.object({ row: z.number().int(), cells: z.record(z.string(), z.string()) })),
});
export type McuImportResult = z.infer<typeof mcuImportResultSchema>;

export const mcuCheckInSchema = z.object({
  participant: mcuParticipantSchema,
  registration: z.object({ uid: z.string(), queueNumber: z.string(), clinicId: z.number().int() }),
});
export type McuCheckIn = z.infer<typeof mcuCheckInSchema>;
