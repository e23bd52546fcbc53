import { conflictErrors, endpoint, errorAnswer } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import {
  importIssueSchema,
  importResultSchema,
  priceAddResultSchema,
  priceAddSchema,
  priceEndSchema,
  priceLookupQuerySchema,
  priceLookupSchema,
  priceSchema,
  serviceDetailSchema,
  serviceListQuerySchema,
  serviceSaveSchema,
  serviceSchema,
} from './service.schema.ts';

/** The service master and its tariffs (`/Layanan/masterLayanan`), read where services are billed. */
const tags = ['services'] as const;
const uid = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const uidParams = z.object({ uid });
const priceParams = z.object({ uid, priceUid: uid });

export const listServices = endpoint({
  method: 'GET',
  path: '/services',
  permission: 'service.read',
  tags,
  summary: 'The corporate’s services by code, searched by code or name, filtered by group and status, paged',
  query: serviceListQuerySchema,
  response: pagedSchema(serviceSchema),
});

export const getService = endpoint({
  method: 'GET',
  path: '/services/:uid',
  permission: 'service.read',
  tags,
  summary: 'One service with its package items and every price period',
  params: uidParams,
  response: serviceDetailSchema,
});

export const createService = endpoint({
  method: 'POST',
  path: '/services',
  permission: 'service.manage',
  tags,
  summary: 'Add a service (409 when its code exists in the corporate); audited',
  body: serviceSaveSchema,
  response: serviceDetailSchema,
  errors: conflictErrors,
  message: 'services.saved',
});

export const updateService = endpoint({
  method: 'PUT',
  path: '/services/:uid',
  permission: 'service.manage',
  tags,
  summary: 'Change a service and its package items (not its prices, not its status); audited',
  params: uidParams,
  body: serviceSaveSchema,
  response: serviceDetailSchema,
  errors: conflictErrors,
  message: 'services.saved',
});

/** A service in use is deactivated, never deleted. */
export const deactivateService = endpoint({
  method: 'POST',
  path: '/services/:uid/deactivate',
  permission: 'service.manage',
  tags,
  summary: 'Deactivate a service (it is never deleted); audited',
  params: uidParams,
  response: serviceDetailSchema,
  message: 'services.deactivated',
});

export const reactivateService = endpoint({
  method: 'POST',
  path: '/services/:uid/reactivate',
  permission: 'service.manage',
  tags,
  summary: 'Activate a deactivated service again; audited',
  params: uidParams,
  response: serviceDetailSchema,
  message: 'services.reactivated',
});

export const listServicePrices = endpoint({
  method: 'GET',
  path: '/services/:uid/prices',
  permission: 'service.read',
  tags,
  summary: 'Every price period of a service, corporate-wide and the clinics’ overrides',
  params: uidParams,
  response: z.array(priceSchema),
});

export const addServicePrice = endpoint({
  method: 'POST',
  path: '/services/:uid/prices',
  permission: 'service.manage',
  tags,
  summary:
    'A new price from a day: it ends the open price of its scope the day before; 409 naming the clashing period; audited',
  params: uidParams,
  body: priceAddSchema,
  response: priceAddResultSchema,
  errors: conflictErrors,
  message: 'services.priceAdded',
});

/** A price's amounts are never edited: it is ended, and a new price starts. */
export const endServicePrice = endpoint({
  method: 'POST',
  path: '/services/:uid/prices/:priceUid/end',
  permission: 'service.manage',
  tags,
  summary: 'End a price on a day (its last valid day); 409 when the period would clash; audited',
  params: priceParams,
  body: priceEndSchema,
  response: priceSchema,
  errors: conflictErrors,
  message: 'services.priceEnded',
});

/**
 * The price of a service for a visit: the clinic's override before the corporate-wide price,
 * the payer class's own price before the general one.
 */
export const lookupServicePrice = endpoint({
  method: 'GET',
  path: '/services/:uid/price',
  permission: 'service.read',
  tags,
  summary: 'The price of a service for a clinic, payer class and day (the front office, billing)',
  params: uidParams,
  query: priceLookupQuerySchema,
  response: priceLookupSchema,
});

/** The master as a workbook (sheets Layanan and Tarif): a raw answer, opened by URL. */
export const exportServices = endpoint({
  method: 'GET',
  path: '/services/export/xlsx',
  permission: 'service.manage',
  tags,
  summary: 'The service master and every price period as xlsx',
  response: z.undefined(),
  raw: true,
});

/** The refusal of an import with bad rows: nothing was changed; each bad cell is named. */
export const importRefusalSchema = errorAnswer.extend({
  code: z.literal('importRejected'),
  data: z.object({ issues: z.array(importIssueSchema) }),
});
export type ImportRefusalAnswer = z.infer<typeof importRefusalSchema>;

export const importServices = endpoint({
  method: 'POST',
  path: '/services/import/xlsx',
  permission: 'service.manage',
  tags,
  summary:
    'Import a workbook (multipart field "file"): services added or changed by code, new price periods added; all or nothing (422 lists each bad row)',
  multipart: true,
  response: importResultSchema,
  errors: { 413: errorAnswer, 422: importRefusalSchema },
  message: 'services.imported',
});
