import { getMcuPortalRecap } from '@klinikita/domain/mcu/mcu-portal.contract';
import { downloadStreamed } from '../../../shared/api/streamed-download.ts';
import { API_BASE } from '../../../shared/api-client.ts';
import { StreamedDownloadButton } from '../../../shared/ui/streamed-download-button.tsx';

const recapUrl = (uid: string) =>
  `${API_BASE}${getMcuPortalRecap.path.replace(':uid', encodeURIComponent(uid))}`;

const WORDS = {
  label: 'mcuPortal.screen.recap',
  received: 'mcuPortal.screen.recapReceived',
  progress: 'mcuPortal.screen.recapProgress',
  done: 'mcuPortal.screen.recapDone',
  failed: 'mcuPortal.screen.recapFailed',
};

/**
 * "Unduh rekap (xlsx)": the event's recap as the clinic makes it — the medical columns only of
 * the participants who consented — with what arrived against the announced participants.
 */
export function RecapDownload({ eventUid }: { eventUid: string }) {
  return (
    <StreamedDownloadButton
      download={(onProgress) => downloadStreamed(recapUrl(eventUid), onProgress, 'rekap-mcu.xlsx')}
      words={WORDS}
      size="xs"
    />
  );
}
