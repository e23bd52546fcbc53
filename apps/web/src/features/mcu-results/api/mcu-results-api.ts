import {
  listMcuResults,
  type McuCertificateKind,
  type McuResultsQuery,
  mcuCertificatePdf,
  mcuChecklistPdf,
  mcuRecapXlsx,
  mcuReportPdf,
  verifyMcuReport,
} from '@klinikita/domain/mcu/mcu-outputs.contract';
import { keepPreviousData } from '@tanstack/react-query';
import { fetchData, useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE, ApiError } from '../../../shared/api-client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';

export type { McuResultRow, McuVerification } from '@klinikita/domain/mcu/mcu-outputs.contract';

/** `GET mcu/results`: a page of participants with results and the events of the filter. */
export const useMcuResults = (query: McuResultsQuery) =>
  useContractQuery(listMcuResults, { query }, { placeholderData: keepPreviousData });

const withUid = (path: string, uid: string) => `${API_BASE}${path.replace(':uid', encodeURIComponent(uid))}`;

/** The report PDF (the session cookie goes with it: an iframe or a new tab opens it). */
export const mcuReportUrl = (uid: string) => withUid(mcuReportPdf.path, uid);
export const mcuCertificateUrl = (uid: string, kind: McuCertificateKind) =>
  `${withUid(mcuCertificatePdf.path, uid)}?kind=${kind}`;
export const mcuChecklistUrl = (uid: string) => withUid(mcuChecklistPdf.path, uid);

/** `GET mcu/verify/{token}` (public): validity only. */
export const verifyMcu = (token: string) => fetchData(verifyMcuReport, { params: { token } });

export interface RecapProgress {
  received: number;
  /** participants the server announced (`X-Row-Count`), null before the headers */
  rows: number | null;
}

/** `GET mcu/events/{uid}/recap.xlsx`, read as it streams, then saved by the browser. */
export async function downloadMcuRecap(eventUid: string, onProgress: (p: RecapProgress) => void) {
  const response = await fetch(withUid(mcuRecapXlsx.path, eventUid), {
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
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'rekap-mcu.xlsx';
  const url = URL.createObjectURL(
    new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
