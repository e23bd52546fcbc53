import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  doctorCreateSchema,
  doctorListQuerySchema,
  doctorUpdateSchema,
} from '../employees/profile.schema.ts';
import { doctorProfileSchema, doctorSummarySchema, specialistSchema } from './doctor.schema.ts';

/** Specialists, the own doctor profile and the /MasterDokter master data. */
const tags = ['doctors'] as const;
const doctorIdQuery = z.object({ id: z.coerce.number().int().positive('validation.invalid') });

export const listSpecialists = endpoint({
  method: 'GET',
  path: '/doctors/specialists',
  session: true,
  tags,
  summary: 'Specialists to choose from',
  response: z.object({ specialists: z.array(specialistSchema) }),
});

export const getDoctorProfile = endpoint({
  method: 'GET',
  path: '/settings/myprofile/doctors/edit/profile',
  // the own doctor profile; any doctor in scope for /MasterDokter holders (checked in the service)
  session: true,
  tags,
  summary: 'A doctor profile (spec 3) by DoctorId',
  query: doctorIdQuery,
  response: doctorProfileSchema,
});

/** The route as registered: with `id` one doctor, without it a page of doctors. */
export const findDoctors = endpoint({
  method: 'GET',
  path: '/settings/master/doctors/where',
  permission: 'doctor.manage',
  tags,
  summary: 'One doctor by `id`, or a page of doctors (search, clinicId, enabled)',
  query: doctorListQuerySchema,
  response: z.union([doctorProfileSchema, pagedSchema(doctorSummarySchema)]),
});

/** `findDoctors` as a client calls it for a page (no `id`). */
export const listMasterDoctors = endpoint({
  ...findDoctors,
  query: doctorListQuerySchema.omit({ id: true }),
  response: pagedSchema(doctorSummarySchema),
});

/** `findDoctors` as a client calls it for one doctor (`id`). */
export const getMasterDoctor = endpoint({
  ...findDoctors,
  query: doctorIdQuery,
  response: doctorProfileSchema,
});

export const createDoctor = endpoint({
  method: 'POST',
  path: '/settings/doctors',
  permission: 'doctor.manage',
  tags,
  summary: 'Add a doctor: employee, doctor record, clinics and a Doctor login',
  body: doctorCreateSchema,
  response: z.object({ doctorId: z.number().int(), uidEmployee: z.string(), userId: z.string() }),
  errors: conflictErrors,
  message: 'staffApi.doctorCreated',
});

export const updateDoctor = endpoint({
  method: 'PATCH',
  path: '/settings/doctors',
  permission: 'doctor.manage',
  tags,
  summary: 'Change a doctor (only the fields sent)',
  body: doctorUpdateSchema,
  response: z.undefined(),
  errors: conflictErrors,
  message: 'staffApi.doctorSaved',
});
