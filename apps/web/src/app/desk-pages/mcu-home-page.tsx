import { getWorklist } from '@klinikita/domain/mcu/mcu-exam.contract';
import { Box, SegmentedControl } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LabHomePage } from '../../features/lab-queue/pages/lab-home-page.tsx';
import { McuExamPage } from '../../features/mcu-exam/pages/mcu-exam-page.tsx';
import { useContractQuery } from '../../shared/api/contract-client.ts';
import { usePermissions } from '../../shared/session/permissions.ts';
import { useWorkingClinic } from '../../shared/session/working-clinic.ts';

/**
 * `/Lab/home-page-mcu`: the lab's work on the visits (as `/Lab/home-page-lab`, unchanged) and the
 * MCU examination (`?mode=mcu`): worklist, stations, exposures and the doctor's conclusion.
 * A visit opened from the patient sidebar (`?id=` alone) that is an MCU participant's opens that
 * participant's MCU screen; the switch keeps the visit, so "Lab" shows its lab work (`mode=lab`).
 */
export function McuHomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode') === 'mcu' ? 'mcu' : 'lab';
  const visit = params.get('id');
  const participant = params.get('participant');
  const { clinic } = useWorkingClinic();
  const mcu = usePermissions().has('mcu.read');
  // only a visit the sidebar just opened (no mode chosen yet) is looked up
  const lookUp = mcu && visit !== null && !params.has('mode') && clinic !== null;
  const owner = useContractQuery(
    getWorklist,
    { query: { clinicId: clinic?.id ?? 0, visitUid: visit ?? '', page: 1, limit: 1 } },
    { enabled: lookUp },
  );
  const found = lookUp ? owner.data?.docs[0]?.uid : undefined;
  useEffect(() => {
    if (found && visit) setParams({ mode: 'mcu', participant: found, id: visit }, { replace: true });
  }, [found, visit, setParams]);

  const choose = (v: string) => {
    const next: Record<string, string> = { mode: v === 'mcu' ? 'mcu' : 'lab' };
    if (visit) next.id = visit;
    if (v === 'mcu' && participant) next.participant = participant;
    setParams(next);
  };
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
          onChange={choose}
        />
      </Box>
      {mode === 'mcu' ? <McuExamPage /> : <LabHomePage />}
    </Box>
  );
}
