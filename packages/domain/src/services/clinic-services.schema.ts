// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import { SERVICE_TYPES, type ServiceType } from '../registrations/registration.rules.ts';
import { GROUP_DESK, SERVICE_GROUPS, type ServiceGroup, TAX_CATEGORIES } from './service.schema.ts';

/**
 * Services per clinic (`/Layanan/layanan`): which of the corporate's services a clinic offers, in
 * which room and queue prefix, and where each is performed (here, at a sister clinic of the
 * corporate, or at an external partner lab).
 */

/** The groups whose services queue at a desk. */
export const groupsOfDesk = (desk: ServiceType): ServiceGroup[] =>
  SERVICE_GROUPS.filter((g) => GROUP_DESK[g] === desk);

/** Where a clinic's service is performed. */
export const PERFORMED_AT = ['here', 'sister', 'external'] as const;
export type PerformedAt = (typeof PERFORMED_AT)[number];

export const QUEUE_PREFIX_PATTERN = /^[A-Z]{1,3}$/;

const INT4 = 2_147_483_647;
const id = z.coerce
  .number()
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(INT4, 'validation.invalid');

export const clinicServiceParamsSchema = z.object({ clinicId: id });
export const clinicServiceItemParamsSchema = z.object({
  clinicId: id,
  serviceUid: z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong'),
});

export const clinicServiceListQuerySchema = z.object({
  search: z.string().trim().max(100, 'validation.tooLong').optional(),
  group: z.enum(SERVICE_GROUPS, 'validation.invalid').optional(),
  offered: z
    .enum(['true', 'false'], 'validation.invalid')
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ClinicServiceListQuery = z.infer<typeof clinicServiceListQuerySchema>;

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

const room = z
  .string()
  .max(60, 'validation.tooLong')
  .nullish()
  .transform((v) => blankToNull(v));
const queuePrefix = z
  .string()
  .nullish()
  .transform((v) => blankToNull(v)?.toUpperCase() ?? null)
  .refine((v) => v === null || QUEUE_PREFIX_PATTERN.test(v), 'clinicServices.prefixFormat');
const partnerName = z
  .string()
  .max(120, 'validation.tooLong')
  .nullish()
  .transform((v) => blankToNull(v));

/** Where a service is performed: a sister clinic names it, an external partner names the partner. */
const placeFields = {
  performedAt: z.enum(PERFORMED_AT, 'validation.invalid').default('here'),
  performerClinicId: id.nullish().transform((v) => v ?? null),
  partnerName,
};

function checkPlace(
  v: { performedAt: PerformedAt; performerClinicId: number | null; partnerName: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.performedAt === 'sister' && v.performerClinicId === null)
    ctx.addIssue({
      code: 'custom',
      path: ['performerClinicId'],
      message: 'clinicServices.performerRequired',
    });
  if (v.performedAt === 'external' && v.partnerName === null)
    ctx.addIssue({ code: 'custom', path: ['partnerName'], message: 'clinicServices.partnerRequired' });
}

/** One service at one clinic: offered or not, its room and queue prefix, where it is performed, its tax rule. */
export const clinicServiceSetSchema = z
  .object({
    offered: z.boolean('validation.invalid'),
    room,
    queuePrefix,
    ...placeFields,
    /** The clinic's own tax rule (null: the service master's). */
    taxCategory: z
      .enum(TAX_CATEGORIES, 'validation.invalid')
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine(checkPlace);
export type ClinicServiceSetInput = z.input<typeof clinicServiceSetSchema>;
export type ClinicServiceSet = z.output<typeof clinicServiceSetSchema>;

/**
 * Every active service of a group at once (a clinic has dozens of lab tests): offered or not and
 * where performed; a room or queue prefix left empty keeps each service's own.
 */
export const clinicServiceBulkSchema = z
  .object({
    group: z.enum(SERVICE_GROUPS, 'clinicServices.groupRequired'),
    offered: z.boolean('validation.invalid'),
    room,
    queuePrefix,
    ...placeFields,
  })
  .superRefine(checkPlace);
export type ClinicServiceBulkInput = z.input<typeof clinicServiceBulkSchema>;
export type ClinicServiceBulk = z.output<typeof clinicServiceBulkSchema>;

const clinicRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A service of the corporate as one clinic has it (`offered` false: not offered there, or stopped). */
export const clinicServiceSchema = z.object({
  serviceUid: z.string(),
  code: z.string(),
  nameId: z.string(),
  nameEn: z.string(),
  group: z.enum(SERVICE_GROUPS),
  unit: z.string(),
  isPackage: z.boolean(),
  /** The service master's own state: a deactivated service is listed only while a clinic still offers it. */
  serviceActive: z.boolean(),
  /** The service master's tax rule. */
  taxCategory: z.enum(TAX_CATEGORIES),
  desk: z.enum(SERVICE_TYPES).nullable(),
  offered: z.boolean(),
  room: z.string().nullable(),
  queuePrefix: z.string().nullable(),
  performedAt: z.enum(PERFORMED_AT),
  performerClinic: clinicRefSchema.nullable(),
  partnerName: z.string().nullable(),
  /** The clinic's tax rule (null: the master's). */
  taxOverride: z.enum(TAX_CATEGORIES).nullable(),
  updatedAt: z.string().nullable(),
});
export type ClinicService = z.infer<typeof clinicServiceSchema>;

export const clinicServiceBulkResultSchema = z.object({ changed: z.number().int() });

/** A sister clinic that may perform this clinic's services. */
export const sisterClinicSchema = clinicRefSchema;
export type SisterClinic = z.infer<typeof sisterClinicSchema>;
