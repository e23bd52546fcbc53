// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';

/**
 * A clinic's SATUSEHAT connection (`/Setting/satuSehat`, satusehat.md): the environment, the
 * client id and secret of the clinic's application and its organization id, and the clinic's
 * rooms and poli registered as Locations. The secret is write-only: the answer says only
 * whether one is stored.
 */

export const SATUSEHAT_ENVIRONMENTS = ['simulator', 'sandbox', 'production'] as const;
export type SatusehatEnvironmentName = (typeof SATUSEHAT_ENVIRONMENTS)[number];

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const clinicId = z.number().int().positive();

export const satusehatClinicQuerySchema = z.object({ clinicId: z.coerce.number().int().positive() });

export const satusehatSettingsSaveSchema = z.object({
  clinicId,
  environment: z.enum(SATUSEHAT_ENVIRONMENTS, 'satusehatSettings.environmentRequired'),
  clientId: text(200).min(1, 'satusehatSettings.clientIdRequired'),
  /** Empty or absent: the stored secret stays (it is never sent back to be re-sent) */
  clientSecret: z.string().max(500, 'validation.tooLong').optional(),
  organizationId: text(64)
    .min(1, 'satusehatSettings.organizationIdRequired')
    .regex(/^[0-9A-Za-z-]+$/, 'satusehatSettings.organizationIdInvalid'),
});
export type SatusehatSettingsInput = z.infer<typeof satusehatSettingsSaveSchema>;

export const satusehatSettingsAnswerSchema = z.object({
  clinicId,
  /** False until the clinic's settings are first saved */
  configured: z.boolean(),
  environment: z.enum(SATUSEHAT_ENVIRONMENTS),
  clientId: z.string(),
  organizationId: z.string(),
  /** Whether a client secret is stored; the secret itself never leaves the server */
  secretSet: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SatusehatSettingsAnswer = z.infer<typeof satusehatSettingsAnswerSchema>;

/** What "Tes koneksi" found out, step by step; the envelope's message says it in words. */
export const CONNECTION_PROBLEMS = [
  'notConfigured',
  'simulatorOff',
  'secretUnreadable',
  'credentials',
  'unreachable',
  'timeout',
  'platformError',
  'badResponse',
  'organizationUnknown',
  'organizationForeign',
] as const;
export type ConnectionProblem = (typeof CONNECTION_PROBLEMS)[number];

export const connectionTestAnswerSchema = z.object({
  ok: z.boolean(),
  problem: z.enum(CONNECTION_PROBLEMS).nullable(),
  /** The platform's own words when it refused, for whoever reads further */
  detail: z.string().nullable(),
  organizationName: z.string().nullable(),
  environment: z.enum(SATUSEHAT_ENVIRONMENTS).nullable(),
});
export type ConnectionTestAnswer = z.infer<typeof connectionTestAnswerSchema>;

export const LOCATION_KINDS = ['poli', 'room'] as const;
export const LOCATION_STATES = ['registered', 'missing', 'failed'] as const;
export type LocationState = (typeof LOCATION_STATES)[number];

/** One room or poli of the clinic and its Location at the platform. */
export const satusehatLocationSchema = z.object({
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  /** The identifier value under the organization's location system */
  code: z.string(),
  state: z.enum(LOCATION_STATES),
  locationId: z.string().nullable(),
  /** Why the last registration failed */
  error: z.string().nullable(),
  registeredAt: z.string().nullable(),
});
export type SatusehatLocation = z.infer<typeof satusehatLocationSchema>;

export const satusehatLocationsSchema = z.object({
  clinicId,
  organizationId: z.string().nullable(),
  locations: z.array(satusehatLocationSchema),
});
export type SatusehatLocations = z.infer<typeof satusehatLocationsSchema>;

export const locationRegisterSchema = z.object({
  clinicId,
  /** One room or poli by name; absent: every one not registered yet */
  name: text(120).min(1, 'validation.required').optional(),
});
export type LocationRegisterInput = z.infer<typeof locationRegisterSchema>;
