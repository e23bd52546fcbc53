import { endpoint } from '../common/contract.ts';
import { dateSchema } from '../common/dates.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';

/**
 * MCU outputs (issue 20 §6): the results list of `/Layanan/previewHasil`, the individual report,
 * the health certificate and fit-to-work letter, the participant's checklist and labels, the
 * company recap (xlsx, streamed) and the public verification of a report's QR code.
 */

const tags = ['mcuOutputs'] as const;
const id = z.coerce.number().int('validation.invalid').positive('validation.invalid');
const uid = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');

export const MCU_RESULT_STATUSES = ['done', 'approved'] as const;
export const MCU_CERTIFICATE_KINDS = ['health', 'fitToWork'] as const;
export type McuCertificateKind = (typeof MCU_CERTIFICATE_KINDS)[number];

export const mcuResultsQuerySchema = z.object({
  clinicId: id.optional(),
  from: dateSchema('iso', 'mcuOutputs.dateFormat').optional(),
  to: dateSchema('iso', 'mcuOutputs.dateFormat').optional(),
  companyId: id.optional(),
  eventId: uid.optional(),
  status: z.enum(MCU_RESULT_STATUSES, 'validation.invalid').optional(),
  q: z.string().trim().max(100, 'validation.tooLong').optional(),
  page: id.default(1),
  limit: z.coerce.number().int('validation.invalid').min(1).max(100).default(20),
});
export type McuResultsQuery = z.input<typeof mcuResultsQuerySchema>;

export const mcuResultRowSchema = z.object({
  uid: z.string(),
  mcuNumber: z.string(),
  name: z.string(),
  nik: z.string(),
  employeeNumber: z.string(),
  department: z.string().nullable(),
  status: z.enum(['registered', 'inProgress', 'done', 'approved']),
  examDate: z.string().nullable(),
  clinicName: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  event: z.object({ uid: z.string(), name: z.string() }),
  /** the current conclusion (approved, else the draft) */
  conclusion: z
    .object({
      category: z.string(),
      categoryLabel: z.string(),
      status: z.enum(['draft', 'approved', 'replaced']),
      version: z.number().int(),
      /** the public verification page of an approved report (what its QR code opens) */
      verifyPath: z.string().nullable(),
    })
    .nullable(),
});
export type McuResultRow = z.infer<typeof mcuResultRowSchema>;

export const mcuResultsAnswerSchema = pagedSchema(mcuResultRowSchema).extend({
  /** the filter's pick lists: the companies and events of the caller's MCU sites */
  events: z.array(
    z.object({ uid: z.string(), name: z.string(), companyId: z.number().int(), companyName: z.string() }),
  ),
});
export type McuResultsAnswer = z.infer<typeof mcuResultsAnswerSchema>;

export const listMcuResults = endpoint({
  method: 'GET',
  path: '/mcu/results',
  permission: 'mcu.read',
  tags,
  summary: 'MCU participants with results (done or approved) of the caller’s clinics: filter, search, page',
  query: mcuResultsQuerySchema,
  response: mcuResultsAnswerSchema,
});

const participantParams = z.object({ uid });

export const mcuReportPdf = endpoint({
  method: 'GET',
  path: '/mcu/participants/:uid/report.pdf',
  permission: 'mcu.read',
  tags,
  summary: 'A participant’s MCU report as PDF (a draft conclusion prints with a DRAFT watermark)',
  params: participantParams,
  response: z.undefined(),
  raw: true,
});

export const mcuCertificatePdf = endpoint({
  method: 'GET',
  path: '/mcu/participants/:uid/certificate.pdf',
  permission: 'mcu.read',
  tags,
  summary: 'The health certificate or the fit-to-work letter of an approved conclusion (PDF)',
  params: participantParams,
  query: z.object({ kind: z.enum(MCU_CERTIFICATE_KINDS, 'validation.invalid').default('health') }),
  response: z.undefined(),
  raw: true,
});

export const mcuChecklistPdf = endpoint({
  method: 'GET',
  path: '/mcu/participants/:uid/checklist.pdf',
  permission: 'mcu.read',
  tags,
  summary: 'A participant’s station checklist and tube labels (PDF)',
  params: participantParams,
  response: z.undefined(),
  raw: true,
});

/** The company recap, streamed: `X-Row-Count` says how many participant rows follow. */
export const mcuRecapXlsx = endpoint({
  method: 'GET',
  path: '/mcu/events/:uid/recap.xlsx',
  permission: 'mcu.read',
  tags,
  summary: 'The company recap of an MCU event as xlsx: Rekap (one row per participant) and Statistik',
  params: participantParams,
  response: z.undefined(),
  raw: true,
});

/** What the report's QR code shows to anyone: validity only, never the contents or the name. */
export const mcuVerificationSchema = z.object({
  valid: z.boolean(),
  status: z.enum(['approved', 'replaced']),
  clinicName: z.string(),
  approvedAt: z.string().nullable(),
  version: z.number().int(),
});
export type McuVerification = z.infer<typeof mcuVerificationSchema>;

export const verifyMcuReport = endpoint({
  method: 'GET',
  path: '/mcu/verify/:token',
  public: true,
  tags,
  summary: 'Whether an MCU report (its QR code) is valid: status, clinic, approval time, version',
  params: z.object({ token: z.string().trim().min(8, 'validation.invalid').max(80, 'validation.invalid') }),
  response: mcuVerificationSchema,
});

/** The path of the public verification page a report's QR code opens. */
export const mcuVerifyPagePath = (token: string) => `/verify/mcu/${encodeURIComponent(token)}`;
