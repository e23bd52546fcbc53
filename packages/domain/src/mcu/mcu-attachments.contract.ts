import { z } from 'zod';
import { endpoint, errorAnswer } from '../common/contract.ts';
import { examAnswerSchema, stationParamsSchema } from './mcu-exam.schema.ts';
import type { McuStation } from './mcu-stations.ts';

/**
 * The attachment of an MCU station (the ECG tracing, the audiogram, the spirometry sheet): patient
 * data, stored with its own file kind and served only through the participant, to users of its
 * clinic (every read audited). One file per station result; a new upload replaces it. The station
 * must be recorded first (409 otherwise) and is locked once the conclusion is approved (409).
 */
const tags = ['mcuExam'] as const;

/** The stations that take an attachment. */
export const MCU_ATTACHMENT_STATIONS: readonly McuStation[] = ['ecg', 'audiometry', 'spirometry'];
export const MCU_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MCU_ATTACHMENT_MAX_TEXT = '10 MB';

/** The API address of a station's attachment (what the examination answers as `fileUrl`). */
export const mcuAttachmentPath = (uid: string, station: string) =>
  `/mcu/participants/${uid}/stations/${station}/attachment`;

export const uploadStationAttachment = endpoint({
  method: 'POST',
  path: '/mcu/participants/:uid/stations/:station/attachment',
  permission: 'mcu.examine',
  tags,
  summary:
    'Attach the station’s tracing (multipart field "file": PDF, JPEG or PNG, at most 10 MB); 409 before the station is saved or after approval',
  params: stationParamsSchema,
  multipart: true,
  response: examAnswerSchema,
  errors: { 409: errorAnswer, 413: errorAnswer },
  message: 'mcuExam.attachmentSaved',
});

export const stationAttachmentFile = endpoint({
  method: 'GET',
  path: '/mcu/participants/:uid/stations/:station/attachment',
  permission: 'mcu.read',
  tags,
  summary: 'The station attachment’s bytes, to users of the participant’s clinic only (audited)',
  params: stationParamsSchema,
  raw: true,
  response: z.unknown(),
});
