import { endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  clinicIdParamsSchema,
  clinicSchema,
  corpIdQuerySchema,
  corporateSchema,
  idQuerySchema,
} from './clinic.schema.ts';

const tags = ['clinics'] as const;

export const getCorporate = endpoint({
  method: 'GET',
  path: '/pharmacies/corps/where',
  session: true,
  tags,
  summary: 'Corporate profile (its name heads the page for Super Admin and Admin)',
  query: idQuerySchema,
  response: corporateSchema,
});

export const listClinics = endpoint({
  method: 'GET',
  path: '/registrations/clinics/',
  session: true,
  tags,
  summary: 'Clinics of a corporate that the caller may touch',
  query: corpIdQuerySchema,
  response: z.array(clinicSchema),
});

export const getClinic = endpoint({
  method: 'GET',
  path: '/clinics/:clinicId',
  session: true,
  tags,
  summary: 'One clinic in the caller’s scope',
  params: clinicIdParamsSchema,
  response: clinicSchema,
});
