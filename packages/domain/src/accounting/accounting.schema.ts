import { dateSchema, daysBetween } from '../common/dates.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import { ACCOUNT_KEYS, JOURNAL_MAX_DAYS, JOURNAL_SOURCES } from './accounting.rules.ts';

const id = z.coerce.number().int('validation.invalid').positive('validation.invalid');

export const accountingClinicSchema = z.object({ clinicId: id });

/** One account of the mapping: the code and name of the accounting system's chart. */
export const accountSchema = z.object({
  key: z.enum(ACCOUNT_KEYS, 'validation.invalid'),
  code: z
    .string()
    .trim()
    .min(1, 'accounting.codeRequired')
    .max(30, 'validation.tooLong')
    .regex(/^[0-9A-Za-z.-]+$/, 'accounting.codeFormat'),
  name: z.string().trim().min(1, 'accounting.nameRequired').max(100, 'validation.tooLong'),
});

export const accountMappingSchema = z.object({
  clinicId: z.number().int().positive(),
  accounts: z.array(accountSchema.extend({ isDefault: z.boolean() })),
  updatedAt: z.string().nullable(),
});
export type AccountMapping = z.infer<typeof accountMappingSchema>;

/** `PUT`: the accounts to keep (a key left out falls back to its default). */
export const saveMappingSchema = z
  .object({
    clinicId: z.number().int().positive(),
    accounts: z.array(accountSchema).max(ACCOUNT_KEYS.length),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.accounts.forEach((a, i) => {
      if (seen.has(a.key))
        ctx.addIssue({ code: 'custom', path: ['accounts', i, 'key'], message: 'accounting.keyTwice' });
      seen.add(a.key);
    });
  });
export type SaveMapping = z.infer<typeof saveMappingSchema>;

const rangeShape = z.object({
  clinicId: id,
  from: dateSchema('iso', 'accounting.dateFormat'),
  to: dateSchema('iso', 'accounting.dateFormat'),
  source: z.enum(JOURNAL_SOURCES, 'validation.invalid').optional(),
});
const checkRange = (v: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'accounting.rangeOrder' });
  else if (daysBetween(v.from, v.to) + 1 > JOURNAL_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'accounting.rangeTooLong' });
};

export const journalRangeSchema = rangeShape.superRefine(checkRange);
export type JournalRange = z.infer<typeof journalRangeSchema>;

export const journalQuerySchema = rangeShape
  .extend({ page: id.default(1), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .superRefine(checkRange);
export type JournalQuery = z.infer<typeof journalQuerySchema>;

export const journalLineSchema = z.object({
  accountKey: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
});
export type JournalLine = z.infer<typeof journalLineSchema>;

export const journalEntrySchema = z.object({
  uid: z.string(),
  day: z.string(),
  source: z.enum(JOURNAL_SOURCES),
  sourceUid: z.string(),
  reference: z.string(),
  description: z.string(),
  lines: z.array(journalLineSchema),
  debit: z.number().int(),
  credit: z.number().int(),
  balanced: z.boolean(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalPageSchema = pagedSchema(journalEntrySchema).extend({
  from: z.string(),
  to: z.string(),
  totals: z.object({ debit: z.number().int(), credit: z.number().int(), balanced: z.boolean() }),
});
export type JournalPage = z.infer<typeof journalPageSchema>;

/** The trial balance of a range: per day and account, the debits and credits. */
export const accountTotalSchema = z.object({
  day: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
});
export const accountTotalsSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(accountTotalSchema),
  debit: z.number().int(),
  credit: z.number().int(),
  balanced: z.boolean(),
});
export type AccountTotals = z.infer<typeof accountTotalsSchema>;
