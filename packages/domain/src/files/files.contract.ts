import { endpoint, errorAnswer } from '../common/contract.ts';
import { dateSchema } from '../common/dates.ts';
import { z } from '../common/zod-config.ts';

/** Uploads (doctor attachments, the user's photo): a photo in use shows to its corporate, anything else to its uploader only. */
const tags = ['files'] as const;
const uploaded = z.object({ url: z.string() });
const uploadErrors = { 413: errorAnswer } as const;

/** MMDDYYYY (spec 9), a real date. */
const uploadQuery = z.object({
  date: dateSchema('mmddyyyy', 'staffApi.uploadDate').optional(),
});

export const uploadDoctorFile = endpoint({
  method: 'POST',
  path: '/assesments/doctor/upload',
  session: true,
  tags,
  summary: 'Upload an image (multipart field "files"; jpeg, png or gif, at most 2 MB)',
  query: uploadQuery,
  multipart: true,
  response: uploaded,
  errors: uploadErrors,
  message: 'staffApi.fileUploaded',
});

export const uploadUserPhoto = endpoint({
  method: 'POST',
  path: '/users/upload',
  session: true,
  tags,
  summary: 'Upload the caller’s photo (multipart field "image"); it becomes the header image',
  multipart: true,
  response: uploaded,
  errors: uploadErrors,
  message: 'staffApi.photoSaved',
});

/** The file itself (its own content type), not an envelope. */
export const getFile = endpoint({
  method: 'GET',
  path: '/files/:uid',
  session: true,
  tags,
  summary:
    'An uploaded file: a photo in use to signed-in users of its corporate, any other upload to its uploader',
  params: z.object({ uid: z.string().uuid('validation.invalid') }),
  raw: true,
  response: z.unknown(),
});
