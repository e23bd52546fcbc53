import { ApiError } from '../api-client.ts';
import { currentLocale } from '../i18n/i18n.ts';

/** How far a streamed download got: bytes received against the rows the server announced. */
export interface DownloadProgress {
  received: number;
  /** rows the server announced (`X-Row-Count`), null before the headers or without one */
  rows: number | null;
}

/**
 * A file answer (the MCU recap xlsx) read as it streams, reporting its progress, then saved by
 * the browser under the server's file name (answered). A refusal throws its envelope's message.
 */
export async function downloadStreamed(
  url: string,
  onProgress: (p: DownloadProgress) => void,
  fallbackName: string,
): Promise<string> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { 'accept-language': currentLocale() },
  });
  if (!response.ok || !response.body) {
    const envelope = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, envelope?.message ?? response.statusText);
  }
  const rows = Number(response.headers.get('x-row-count') ?? Number.NaN);
  const total = Number.isFinite(rows) ? rows : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, rows: total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, rows: total });
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blobUrl = URL.createObjectURL(
    new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' }),
  );
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
  return name;
}

/** Roughly what one participant's row weighs in the zipped sheet: enough for a progress bar. */
const BYTES_PER_ROW = 260;

/** A progress percentage (0–99 while it runs) from the bytes against the announced rows. */
export const downloadPercent = (p: DownloadProgress | null) =>
  p?.rows ? Math.min(99, Math.round((p.received / (p.rows * BYTES_PER_ROW + 6000)) * 100)) : 0;

export const downloadSize = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
