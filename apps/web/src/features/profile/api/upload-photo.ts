import type { Envelope } from '@klinikita/domain/common/envelope';
import { toMMDDYYYY } from '@klinikita/domain/common/format';
import { API_BASE, ApiError } from '../../../shared/api-client.ts';

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
  const url =
    target === 'doctor'
      ? `${API_BASE}/assesments/doctor/upload?date=${toMMDDYYYY(now)}`
      : `${API_BASE}/users/upload`;
  body.append(target === 'doctor' ? 'files' : 'image', file);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body,
      headers: { accept: 'application/json', ...(target === 'doctor' ? { service: 'assesment' } : {}) },
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<{ url: string }> | null;
  if (!response.ok || !envelope?.status || !envelope.data?.url) {
    throw new ApiError(response.status, envelope?.message ?? response.statusText, envelope?.errors ?? []);
  }
  return envelope.data.url;
}
