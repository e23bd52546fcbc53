// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import { isLoincCode, limitIssues } from './lab-catalogue.rules.ts';

/** Lab catalogue (`/panel`): lab tests and panels (services of group lab), parameters, ranges. */

export const RESULT_TYPES = ['number', 'choice', 'text'] as const;
export const SPECIMENS = ['wholeBlood', 'serum', 'plasma', 'urine', 'stool', 'other'] as const;

import { CONTAINERS } from './lab-containers.ts';

export { CONTAINERS };
export const RANGE_SEXES = ['any', 'male', 'female'] as const;
/** 150 years, the oldest age band a range may start at or end before. */
export const MAX_AGE_DAYS = 54_790;
/** Words the formula grammar keeps for itself: no parameter may be called so. */
const FORMULA_WORDS = new Set(['IF', 'AND']);

const uid = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
export const uidParams = z.object({ uid });

/** '' and blanks are no value (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((v) => (v ? v : null));

export const labTestListQuerySchema = z.object({
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  /** test: single tests; panel: panels (is_package). */
  kind: z.enum(['test', 'panel']).optional(),
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const labTestListItemSchema = z.object({
  uid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  isPanel: z.boolean(),
  active: z.boolean(),
  /** A test's active parameters; a panel's tests. */
  parameterCount: z.number().int(),
  itemCount: z.number().int(),
});
export type LabTestListItem = z.infer<typeof labTestListItemSchema>;

const limit = z.number('labCatalogue.limitNumber').nullable();

/** One reference range row as it is sent; rows of one parameter are replaced together. */
export const labRangeInputSchema = z
  .object({
    sex: z.enum(RANGE_SEXES, 'labCatalogue.sexRequired'),
    ageFromDays: z
      .number('labCatalogue.ageWhole')
      .int('labCatalogue.ageWhole')
      .min(0, 'labCatalogue.ageWhole')
      .max(MAX_AGE_DAYS, 'labCatalogue.ageTooHigh'),
    ageToDays: z
      .number('labCatalogue.ageWhole')
      .int('labCatalogue.ageWhole')
      .min(1, 'labCatalogue.ageWhole')
      .max(MAX_AGE_DAYS, 'labCatalogue.ageTooHigh')
      .nullable(),
    low: limit,
    high: limit,
    criticalLow: limit,
    criticalHigh: limit,
    impossibleLow: limit,
    impossibleHigh: limit,
    normalText: optionalText(60),
  })
  .superRefine((row, ctx) => {
    if (row.ageToDays !== null && row.ageToDays <= row.ageFromDays) {
      ctx.addIssue({ code: 'custom', path: ['ageToDays'], message: 'labCatalogue.ageToAfterFrom' });
    }
    for (const issue of limitIssues(row)) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.key });
    }
  });
export type LabRangeInput = z.input<typeof labRangeInputSchema>;
export const labRangesSaveSchema = z.object({
  ranges: z.array(labRangeInputSchema).max(24, 'labCatalogue.tooManyRanges'),
});
export type LabRangesSave = z.output<typeof labRangesSaveSchema>;

export const labParameterSaveSchema = z
  .object({
    /** Upper case; a formula names a parameter by it. */
    code: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, 'labCatalogue.codeRequired')
      .max(20, 'validation.tooLong')
      .regex(/^[A-Z][A-Z0-9_]*$/, 'labCatalogue.codeFormat')
      .refine((c) => !FORMULA_WORDS.has(c), 'labCatalogue.codeFormat'),
    nameId: z.string().trim().min(1, 'labCatalogue.nameIdRequired').max(120, 'validation.tooLong'),
    nameEn: z.string().trim().min(1, 'labCatalogue.nameEnRequired').max(120, 'validation.tooLong'),
    unit: optionalText(30),
    resultType: z.enum(RESULT_TYPES, 'labCatalogue.resultTypeRequired'),
    decimals: z
      .number('labCatalogue.decimalsRange')
      .int('labCatalogue.decimalsRange')
      .min(0, 'labCatalogue.decimalsRange')
      .max(4, 'labCatalogue.decimalsRange'),
    printOrder: z
      .number('labCatalogue.printOrderRange')
      .int('labCatalogue.printOrderRange')
      .min(0, 'labCatalogue.printOrderRange')
      .max(9999, 'labCatalogue.printOrderRange'),
    loinc: optionalText(10).refine((v) => v === null || isLoincCode(v), 'labCatalogue.loincFormat'),
    specimen: z.enum(SPECIMENS, 'validation.invalid').nullish().default(null),
    container: z.enum(CONTAINERS, 'validation.invalid').nullish().default(null),
    choices: z
      .array(z.string().trim().min(1, 'labCatalogue.choiceBlank').max(40, 'validation.tooLong'))
      .max(20, 'labCatalogue.tooManyChoices')
      .nullish()
      .default(null),
    formula: optionalText(200),
  })
  .superRefine((p, ctx) => {
    const choices = p.choices ?? [];
    if (p.resultType === 'choice' && choices.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'labCatalogue.choicesRequired' });
    }
    if (p.resultType !== 'choice' && choices.length) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'labCatalogue.choicesOnlyForChoice' });
    }
    const lower = choices.map((c) => c.toLowerCase());
    if (new Set(lower).size !== lower.length) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'labCatalogue.choicesTwice' });
    }
    if (p.formula && p.resultType !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['formula'], message: 'labCatalogue.formulaOnlyForNumbers' });
    }
  });
export type LabParameterSave = z.output<typeof labParameterSaveSchema>;
export type LabParameterSaveInput = z.input<typeof labParameterSaveSchema>;

/** A panel's tests, in print order: the uids of active lab tests of the corporate. */
export const labPanelItemsSchema = z.object({
  items: z
    .array(uid)
    .max(60, 'labCatalogue.tooManyItems')
    .refine((items) => new Set(items).size === items.length, 'labCatalogue.itemTwice'),
});

export const labRangeSchema = z.object({
  sex: z.enum(RANGE_SEXES),
  ageFromDays: z.number().int(),
  ageToDays: z.number().int().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  criticalLow: z.number().nullable(),
  criticalHigh: z.number().nullable(),
  impossibleLow: z.number().nullable(),
  impossibleHigh: z.number().nullable(),
  normalText: z.string().nullable(),
});
export type LabRange = z.infer<typeof labRangeSchema>;

export const labParameterSchema = z.object({
  uid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  unit: z.string().nullable(),
  resultType: z.enum(RESULT_TYPES),
  decimals: z.number().int(),
  printOrder: z.number().int(),
  loinc: z.string().nullable(),
  specimen: z.string().nullable(),
  container: z.string().nullable(),
  choices: z.array(z.string()).nullable(),
  formula: z.string().nullable(),
  active: z.boolean(),
  ranges: z.array(labRangeSchema),
});
export type LabParameter = z.infer<typeof labParameterSchema>;

export const labPanelItemSchema = z.object({
  uid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  active: z.boolean(),
});
export type LabPanelItem = z.infer<typeof labPanelItemSchema>;

/** One test with its parameters (and their ranges), or one panel with its tests. */
export const labTestDetailSchema = z.object({
  uid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  isPanel: z.boolean(),
  active: z.boolean(),
  parameters: z.array(labParameterSchema),
  items: z.array(labPanelItemSchema),
});
export type LabTestDetail = z.infer<typeof labTestDetailSchema>;
