import { conflictErrors, endpoint } from '../common/contract.ts';
import { z } from '../common/zod-config.ts';
import {
  labelsQuerySchema,
  labSpecimenParamsSchema,
  labSpecimenVisitParamsSchema,
  labVisitSpecimensSchema,
  rejectSpecimenSchema,
} from './lab-specimens.schema.ts';

/**
 * The containers of a lab visit's sample: labelled, collected, received or rejected, and their
 * barcode labels. The visit is the registration's `_id`, of the session's clinics (another
 * corporate's: 404); every write answers the visit's containers as they now are.
 */
const tags = ['labSpecimens'] as const;

export const getLabSpecimens = endpoint({
  method: 'GET',
  path: '/lab-specimens/visits/:registrationId',
  permission: 'serviceQueue.read',
  tags,
  summary: 'The containers of a lab visit with their steps, and the corporate’s sample-rejection reasons',
  params: labSpecimenVisitParamsSchema,
  response: labVisitSpecimensSchema,
});

export const labelLabSpecimens = endpoint({
  method: 'POST',
  path: '/lab-specimens/visits/:registrationId/label',
  permission: 'service.perform.LAB',
  tags,
  summary:
    'One container per distinct container of the ordered tests, each with a unique barcode (idempotent: labelling again adds only what is missing)',
  params: labSpecimenVisitParamsSchema,
  response: labVisitSpecimensSchema,
  errors: conflictErrors,
  message: 'labSpecimens.labelled',
});

export const collectLabSpecimen = endpoint({
  method: 'POST',
  path: '/lab-specimens/visits/:registrationId/specimens/:uid/collect',
  permission: 'service.perform.LAB',
  tags,
  summary: 'The sample is taken (who, when); with every container collected the visit’s sampling flag is set',
  params: labSpecimenParamsSchema,
  response: labVisitSpecimensSchema,
  errors: conflictErrors,
  message: 'labSpecimens.collected',
});

export const receiveLabSpecimen = endpoint({
  method: 'POST',
  path: '/lab-specimens/visits/:registrationId/specimens/:uid/receive',
  permission: 'service.perform.LAB',
  tags,
  summary: 'The lab received the collected sample',
  params: labSpecimenParamsSchema,
  response: labVisitSpecimensSchema,
  errors: conflictErrors,
  message: 'labSpecimens.received',
});

export const rejectLabSpecimen = endpoint({
  method: 'POST',
  path: '/lab-specimens/visits/:registrationId/specimens/:uid/reject',
  permission: 'service.perform.LAB',
  tags,
  summary:
    'Reject the sample with a reason: the container is kept, a new one labelled for a new sample, the sampling flag cleared',
  params: labSpecimenParamsSchema,
  body: rejectSpecimenSchema,
  response: labVisitSpecimensSchema,
  errors: conflictErrors,
  message: 'labSpecimens.rejected',
});

/** The labels as printed (application/pdf): a raw answer the browser opens by URL. */
export const labSpecimenLabels = endpoint({
  method: 'GET',
  path: '/lab-specimens/visits/:registrationId/labels',
  permission: 'service.perform.LAB',
  tags,
  summary: 'Barcode labels (Code 128) of the visit’s current containers: 50 × 25 mm each, or an A4 sheet',
  params: labSpecimenVisitParamsSchema,
  query: labelsQuerySchema,
  response: z.undefined(),
  raw: true,
});
