import { mcuChecklistPdf } from '@klinikita/domain/mcu/mcu-outputs.contract';
import { API_BASE } from '../api-client.ts';

/*
 * The printable PDFs of an MCU participant (raw answers, opened by URL in a new tab with the
 * session cookie), shared by the screens that print them (registration's participants table).
 */

/** The participant's checklist and tube labels (`GET mcu/participants/:uid/checklist.pdf`). */
export const mcuChecklistUrl = (uid: string) =>
  `${API_BASE}${mcuChecklistPdf.path.replace(':uid', encodeURIComponent(uid))}`;
