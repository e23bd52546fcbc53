// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';

/**
 * The code lists a corporate keeps (`/statesCode`): the reasons staff pick when they cancel a
 * visit, reject a sample, refund or discount, and the MCU conclusion categories.
 */
export const CODE_LISTS = ['cancellation', 'sampleRejection', 'refund', 'discount', 'mcuConclusion'] as const;
export type CodeListName = (typeof CODE_LISTS)[number];

/** The highest place in a list (the form's "order"); places need not be consecutive. */
export const MAX_SORT = 9999;

export const codeListParamsSchema = z.object({ list: z.enum(CODE_LISTS, 'codeLists.listUnknown') });
export const codeListItemParamsSchema = codeListParamsSchema.extend({
  uid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

/** Add or change an entry; the code is kept in capitals (`btl-datang` → `BTL-DATANG`). */
export const codeListItemSaveSchema = z.object({
  code: z
    .string('codeLists.codeRequired')
    .trim()
    .min(1, 'codeLists.codeRequired')
    .max(20, 'validation.tooLong')
    .regex(/^([A-Za-z0-9][A-Za-z0-9._-]*)?$/, 'codeLists.codeFormat')
    .toUpperCase(),
  nameId: z
    .string('codeLists.nameIdRequired')
    .trim()
    .min(1, 'codeLists.nameIdRequired')
    .max(200, 'validation.tooLong'),
  nameEn: z
    .string('codeLists.nameEnRequired')
    .trim()
    .min(1, 'codeLists.nameEnRequired')
    .max(200, 'validation.tooLong'),
  /** The place in the list (lower first); absent on a new entry: after the last one. */
  sort: z
    .number('codeLists.sortWhole')
    .int('codeLists.sortWhole')
    .min(0, 'codeLists.sortWhole')
    .max(MAX_SORT, 'codeLists.sortWhole')
    .nullish(),
});
export type CodeListItemSaveInput = z.infer<typeof codeListItemSaveSchema>;

export const codeListItemSchema = z.object({
  uid: z.string(),
  list: z.enum(CODE_LISTS),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type CodeListItem = z.infer<typeof codeListItemSchema>;

export const codeListQuerySchema = z.object({
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** One step up or down the list (past the ends: nothing moves). */
export const codeListMoveSchema = z.object({ direction: z.enum(['up', 'down'], 'validation.invalid') });
