// the shared issue messages come with every schema, in the browser as on the server
import { z } from '../common/zod-config.ts';
import { diagnosisSchema, prescriptionItemSchema, procedureSchema, soap } from './encounter.schema.ts';

/** A doctor's note templates (`consultations/templates`): SOAP, codes and prescription to start from. */
export const templateContentSchema = z.object({
  ...soap,
  diagnoses: z.array(diagnosisSchema).max(20),
  procedures: z.array(procedureSchema).max(20),
  prescription: z.array(prescriptionItemSchema).max(30),
});
export type TemplateContent = z.infer<typeof templateContentSchema>;

export const templateSaveSchema = z.object({
  name: z.string().trim().min(1, 'consultations.templateName').max(80, 'validation.tooLong'),
  content: templateContentSchema,
});
export const templateSchema = z.object({
  uid: z.string(),
  name: z.string(),
  content: templateContentSchema,
  updatedAt: z.string(),
});
export type EncounterTemplate = z.infer<typeof templateSchema>;
