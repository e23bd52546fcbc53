import { mcuChecklistPdf, mcuReportPdf } from '@klinikita/domain/mcu/mcu-outputs.contract';
import { API_BASE } from '../api-client.ts';

/*
 * The printable PDFs of an MCU participant (raw answers, opened by URL in a new tab with the
 * session cookie), shared by the screens that print them (registration's participants table, the
 * results screen).
 */

const withUid = (path: string, uid: string) => `${API_BASE}${path.replace(':uid', encodeURIComponent(uid))}`;

/** The participant's checklist and tube labels (`GET mcu/participants/:uid/checklist.pdf`). */
export const mcuChecklistUrl = (uid: string) => withUid(mcuChecklistPdf.path, uid);

/** The participant's report (`GET mcu/participants/:uid/report.pdf`; a draft prints marked DRAFT). */
export const mcuReportUrl = (uid: string) => withUid(mcuReportPdf.path, uid);
