import type { PAYER_INVOICE_STATUSES } from '../billing/payer-invoices.rules.ts';
import { z } from '../common/zod-config.ts';
import { MCU_EXAM_TYPES } from './mcu-stations.ts';

/**
 * The company portal (issue 20 §8): a partner company's HR user reads its own company's MCU
 * events, the participants' progress and approved categories — the medical details (findings,
 * conclusion text, advice, restrictions) only for a participant whose consent to share is
 * recorded — and the company's invoices. The company is the user's (users.company_id), never
 * one the client names.
 */

// the same as mcu-events.schema.ts's (kept here: the portal's screen loads no other MCU catalogue)
export const PORTAL_EVENT_STATUSES = ['open', 'closed'] as const;
export const PORTAL_PARTICIPANT_STATUSES = ['registered', 'inProgress', 'done', 'approved'] as const;
export type PortalParticipantStatus = (typeof PORTAL_PARTICIPANT_STATUSES)[number];

/** The invoice statuses the company sees: issued to it (a draft or an approved one not yet sent is the clinic's). */
export const PORTAL_INVOICE_STATUSES = [
  'SENT',
  'PARTIALLY_PAID',
  'PAID',
  'DISPUTED',
  'WRITTEN_OFF',
] as const satisfies readonly (typeof PAYER_INVOICE_STATUSES)[number][];

export const mcuPortalEventSchema = z.object({
  uid: z.string(),
  name: z.string(),
  clinicName: z.string(),
  examType: z.enum(MCU_EXAM_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(PORTAL_EVENT_STATUSES),
  progress: z.object({
    registered: z.number().int(),
    inProgress: z.number().int(),
    done: z.number().int(),
    approved: z.number().int(),
    total: z.number().int(),
  }),
});
export type McuPortalEvent = z.infer<typeof mcuPortalEventSchema>;

export const mcuPortalEventsSchema = z.object({
  company: z.object({ name: z.string(), code: z.string().nullable() }),
  events: z.array(mcuPortalEventSchema),
});
export type McuPortalEvents = z.infer<typeof mcuPortalEventsSchema>;

export const mcuPortalParamsSchema = z.object({
  uid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

export const mcuPortalParticipantQuerySchema = z.object({
  status: z.enum(PORTAL_PARTICIPANT_STATUSES).optional(),
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
});
export type McuPortalParticipantQuery = z.infer<typeof mcuPortalParticipantQuerySchema>;

export const mcuPortalParticipantSchema = z.object({
  uid: z.string(),
  mcuNumber: z.string(),
  employeeNumber: z.string(),
  name: z.string(),
  department: z.string().nullable(),
  job: z.string().nullable(),
  status: z.enum(PORTAL_PARTICIPANT_STATUSES),
  consentToShare: z.boolean(),
  /** The approved conclusion's category (null until approved). */
  category: z
    .object({
      code: z.string(),
      label: z.string(),
      fit: z.boolean().nullable(),
      approvedAt: z.string().nullable(),
    })
    .nullable(),
  /** The medical details of the approved conclusion: only with the participant's consent. */
  medical: z
    .object({
      findings: z.array(z.string()),
      conclusion: z.string().nullable(),
      advice: z.string().nullable(),
      restrictions: z.string().nullable(),
      followUpDate: z.string().nullable(),
    })
    .nullable(),
});
export type McuPortalParticipant = z.infer<typeof mcuPortalParticipantSchema>;

export const mcuPortalParticipantsSchema = z.object({
  event: mcuPortalEventSchema,
  participants: z.array(mcuPortalParticipantSchema),
});
export type McuPortalParticipants = z.infer<typeof mcuPortalParticipantsSchema>;

export const mcuPortalInvoiceSchema = z.object({
  uid: z.string(),
  number: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  status: z.enum(PORTAL_INVOICE_STATUSES),
  total: z.number().int(),
  paid: z.number().int(),
  open: z.number().int(),
});
export type McuPortalInvoice = z.infer<typeof mcuPortalInvoiceSchema>;

export const mcuPortalInvoicesSchema = z.object({
  invoices: z.array(mcuPortalInvoiceSchema),
  /** What the company owes on the invoices listed. */
  open: z.number().int(),
});
export type McuPortalInvoices = z.infer<typeof mcuPortalInvoicesSchema>;
