import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';
import { SHIFT_STATUSES } from './cashier-shifts.rules.ts';

/**
 * Cashier shifts and the day close (issue 18 §4): what the cashier sends and what is answered.
 * Money in whole rupiah. A variance's reason is required by the server (it knows the expected
 * cash) and answered on the field `reason`.
 */

const MAX_AMOUNT = 1_000_000_000;
const cash = (key: string) =>
  z
    .number(key)
    .int('cashierShifts.amountWhole')
    .min(0, 'cashierShifts.amountNotNegative')
    .max(MAX_AMOUNT, 'validation.tooLong');
// a clinic-local day, a real date within 1900–2100 (the shared date rule)
const daySchema = dateSchema('iso', 'cashierShifts.dayInvalid');
const clinicIdSchema = z.coerce.number().int().positive();

export const shiftParamsSchema = z.object({
  uid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});
export const currentShiftQuerySchema = z.object({ clinicId: clinicIdSchema });

export const openShiftSchema = z.object({
  clinicId: z.number().int().positive(),
  openingFloat: cash('cashierShifts.floatRequired'),
});
export type OpenShiftInput = z.infer<typeof openShiftSchema>;

export const closeShiftSchema = z.object({
  countedCash: cash('cashierShifts.countedRequired'),
  reason: z.string().trim().max(500, 'validation.tooLong').optional(),
});
export type CloseShiftInput = z.infer<typeof closeShiftSchema>;

export const shiftListQuerySchema = z.object({
  clinicId: clinicIdSchema,
  day: daySchema.optional(),
  status: z.enum(SHIFT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ShiftListQuery = z.infer<typeof shiftListQuerySchema>;

export const dayCloseSchema = z.object({ clinicId: z.number().int().positive(), day: daySchema });
export type DayCloseInput = z.infer<typeof dayCloseSchema>;

const methodTotalSchema = z.object({ method: z.string(), amount: z.number().int() });

export const shiftTotalsSchema = z.object({
  cashIn: z.number().int(),
  cashRefunds: z.number().int(),
  expectedCash: z.number().int(),
  nonCash: z.array(methodTotalSchema),
  payments: z.number().int(),
  /** Patients' deposits received and refunded in the shift (within cashIn, cashRefunds and nonCash). */
  deposits: z.object({ received: z.number().int(), refunded: z.number().int() }),
});

export const shiftSchema = z.object({
  uid: z.string(),
  clinicId: z.number().int(),
  cashier: z.object({ id: z.number().int(), name: z.string() }),
  day: z.string(),
  openedAt: z.string(),
  openingFloat: z.number().int(),
  closedAt: z.string().nullable(),
  countedCash: z.number().int().nullable(),
  expectedCash: z.number().int().nullable(),
  variance: z.number().int().nullable(),
  varianceReason: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  status: z.enum(SHIFT_STATUSES),
  totals: shiftTotalsSchema,
});
export type Shift = z.infer<typeof shiftSchema>;

/** The open shift (null: none) and the caller's shifts at the clinic still waiting for approval. */
export const currentShiftSchema = z.object({ shift: shiftSchema.nullable(), pending: z.array(shiftSchema) });

/** The shift report as data (printed later): the shift and each payment taken in it. */
export const shiftReportSchema = z.object({
  shift: shiftSchema,
  payments: z.array(
    z.object({
      uid: z.string(),
      receiptNumber: z.string().nullable(),
      billNumber: z.string().nullable(),
      at: z.string(),
      amount: z.number().int(),
      reversal: z.boolean(),
      parts: z.array(methodTotalSchema),
    }),
  ),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

export const dayCloseAnswerSchema = z.object({
  clinicId: z.number().int(),
  day: z.string(),
  closedAt: z.string(),
  totals: z.object({
    cash: z.number().int(),
    nonCash: z.array(methodTotalSchema),
    payments: z.number().int(),
    shifts: z.number().int(),
    variance: z.number().int(),
  }),
});
export type DayClose = z.infer<typeof dayCloseAnswerSchema>;
