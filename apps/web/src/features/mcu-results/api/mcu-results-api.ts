import {
  listMcuResults,
  type McuCertificateKind,
  type McuResultsQuery,
  mcuCertificatePdf,
  mcuRecapXlsx,
  verifyMcuReport,
} from '@klinikita/domain/mcu/mcu-outputs.contract';
import { keepPreviousData } from '@tanstack/react-query';
import { fetchData, useContractQuery } from '../../../shared/api/contract-client.ts';
import { type DownloadProgress, downloadStreamed } from '../../../shared/api/streamed-download.ts';
import { API_BASE } from '../../../shared/api-client.ts';

export type { McuResultRow, McuVerification } from '@klinikita/domain/mcu/mcu-outputs.contract';

/** `GET mcu/results`: a page of participants with results and the events of the filter. */
export const useMcuResults = (query: McuResultsQuery) =>
  useContractQuery(listMcuResults, { query }, { placeholderData: keepPreviousData });

const withUid = (path: string, uid: string) => `${API_BASE}${path.replace(':uid', encodeURIComponent(uid))}`;

// the report and checklist PDFs (the session cookie goes with them: an iframe or a new tab opens them)
export { mcuChecklistUrl, mcuReportUrl } from '../../../shared/mcu/mcu-document-urls.ts';
export const mcuCertificateUrl = (uid: string, kind: McuCertificateKind) =>
  `${withUid(mcuCertificatePdf.path, uid)}?kind=${kind}`;

/** `GET mcu/verify/{token}` (public): validity only. */
export const verifyMcu = (token: string) => fetchData(verifyMcuReport, { params: { token } });

export type { DownloadProgress as RecapProgress } from '../../../shared/api/streamed-download.ts';

/** `GET mcu/events/{uid}/recap.xlsx`, read as it streams, then saved by the browser. */
export const downloadMcuRecap = (eventUid: string, onProgress: (p: DownloadProgress) => void) =>
  downloadStreamed(withUid(mcuRecapXlsx.path, eventUid), onProgress, 'rekap-mcu.xlsx');
