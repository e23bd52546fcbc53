import { Box, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LabHomePage } from '../../features/lab-queue/pages/lab-home-page.tsx';
import { McuExamPage } from '../../features/mcu-exam/pages/mcu-exam-page.tsx';

/**
 * `/Lab/home-page-mcu`: the lab's work on the visits (as `/Lab/home-page-lab`, unchanged) and the
 * MCU examination (`?mode=mcu`): worklist, stations, exposures and the doctor's conclusion.
 */
export function McuHomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode') === 'mcu' ? 'mcu' : 'lab';
  return (
    <Box>
      <Box px="md" pt="xs">
        <SegmentedControl
          size="xs"
          aria-label={t('mcuExam.screen.title')}
          data={[
            { value: 'lab', label: t('mcuExam.screen.tabLab') },
            { value: 'mcu', label: t('mcuExam.screen.tabMcu') },
          ]}
          value={mode}
          onChange={(v) => setParams(v === 'mcu' ? { mode: 'mcu' } : {})}
        />
      </Box>
      {mode === 'mcu' ? <McuExamPage /> : <LabHomePage />}
    </Box>
  );
}
