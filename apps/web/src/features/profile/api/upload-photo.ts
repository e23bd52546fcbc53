import { toMMDDYYYY } from '@klinikita/domain/common/dates';
import { uploadDoctorFile, uploadUserPhoto } from '@klinikita/domain/files/files.contract';
import { call } from '../../../shared/api/contract-client.ts';
import { ApiError } from '../../../shared/api-client.ts';

/** Where a photo goes: the doctor upload (field `files`) or the user's own image (field `image`). */
export type UploadTarget = 'doctor' | 'user';

/** Types the attachment dialog accepts (spec 5): by MIME type and by extension. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const PHOTO_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;
/** The limit the server enforces (413 above it). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export const isAcceptedPhoto = (file: File) => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (
    (PHOTO_MIME_TYPES as readonly string[]).includes(file.type) &&
    (PHOTO_EXTENSIONS as readonly string[]).includes(extension)
  );
};

/**
 * `POST /assesments/doctor/upload?date=MMDDYYYY` (multipart `files`) or `POST users/upload`
 * (multipart `image`, also sets the user's image); answers the stored file's URL.
 */
export async function uploadPhoto(file: File, target: UploadTarget, now = new Date()): Promise<string> {
  const body = new FormData();
  body.append(target === 'doctor' ? 'files' : 'image', file);
  const answer =
    target === 'doctor'
      ? await call(uploadDoctorFile, { query: { date: toMMDDYYYY(now) }, body }, { service: 'assesment' })
      : await call(uploadUserPhoto, { body });
  if (!answer.data?.url) throw new ApiError(200, answer.message);
  return answer.data.url;
}
