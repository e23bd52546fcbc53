import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  clinicServiceBulkResultSchema,
  clinicServiceBulkSchema,
  clinicServiceItemParamsSchema,
  clinicServiceListQuerySchema,
  clinicServiceParamsSchema,
  clinicServiceSchema,
  clinicServiceSetSchema,
  sisterClinicSchema,
} from './clinic-services.schema.ts';

const tags = ['clinicServices'] as const;

/** `/Layanan/layanan`: the corporate's services as one clinic offers them. */
export const listClinicServices = endpoint({
  method: 'GET',
  path: '/clinic-services/:clinicId',
  permission: 'service.read',
  tags,
  summary:
    'The corporate’s services with whether this clinic offers them, its room, queue prefix and performer; paged, searched, by group',
  params: clinicServiceParamsSchema,
  query: clinicServiceListQuerySchema,
  response: pagedSchema(clinicServiceSchema),
});

export const setClinicService = endpoint({
  method: 'PUT',
  path: '/clinic-services/:clinicId/:serviceUid',
  permission: 'clinicService.manage',
  tags,
  summary:
    'Offer a service at the clinic or stop it (deactivated, never deleted), with its room, queue prefix, where it is performed and its tax rule',
  params: clinicServiceItemParamsSchema,
  body: clinicServiceSetSchema,
  response: clinicServiceSchema,
  errors: conflictErrors,
  message: 'clinicServices.saved',
});

export const bulkSetClinicServices = endpoint({
  method: 'POST',
  path: '/clinic-services/:clinicId/bulk',
  permission: 'clinicService.manage',
  tags,
  summary: 'Offer or stop every active service of a group at the clinic and set where they are performed',
  params: clinicServiceParamsSchema,
  body: clinicServiceBulkSchema,
  response: clinicServiceBulkResultSchema,
  errors: conflictErrors,
  message: 'clinicServices.bulkSaved',
});

export const listSisterClinics = endpoint({
  method: 'GET',
  path: '/clinic-services/:clinicId/sisters',
  permission: 'service.read',
  tags,
  summary: 'The other clinics of the corporate, which may perform this clinic’s services',
  params: clinicServiceParamsSchema,
  response: z.array(sisterClinicSchema),
});
