import { useTranslation } from 'react-i18next';
import { StreamedDownloadButton } from '../../../shared/ui/streamed-download-button.tsx';
import { downloadMcuRecap } from '../api/mcu-results-api.ts';

const WORDS = {
  label: 'mcuOutputs.screen.recap',
  received: 'mcuOutputs.screen.exporting',
  progress: 'mcuOutputs.screen.exportProgress',
  done: 'mcuOutputs.screen.exportDone',
  failed: 'mcuOutputs.screen.exportFailed',
};

/** "Unduh rekap": the event's recap xlsx, with what arrived against the announced participants. */
export function RecapButton({ eventUid }: { eventUid: string | null }) {
  const { t } = useTranslation();
  return (
    <StreamedDownloadButton
      download={(onProgress) => downloadMcuRecap(eventUid ?? '', onProgress)}
      words={WORDS}
      disabled={!eventUid}
      title={eventUid ? undefined : t('mcuOutputs.screen.recapPick')}
    />
  );
}
