import { z } from './zod-config.ts';

/** The one response shape of the API (DESIGN 3). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.boolean(), message: z.string(), data: data.optional() });

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface Envelope<T> {
  status: boolean;
  message: string;
  data?: T;
  errors?: FieldError[];
}
