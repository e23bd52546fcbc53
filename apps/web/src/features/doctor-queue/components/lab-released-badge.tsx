import { listReleasedLabPatients } from '@klinikita/domain/results/lab-print.contract';
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../../../shared/api/contract-client.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { criticalItems } from './critical-lab-alert.tsx';
import { releaseMarks } from './release-marks.ts';

/**
 * "Hasil lab baru" on a patient of the doctor's sidebar: lab results released in the last day
 * that this doctor has not opened yet — red "Nilai kritis" when that release holds a critical
 * value. What was seen is the newest release time per patient when the doctor had the patient
 * open, kept in this browser (localStorage, per user): opening the patient clears the badge, a
 * later release (an amendment) shows it again. The released list is tagged `labResults`, so the
 * live `lab.result.released` refetches it.
 */

const seenMarks = releaseMarks('labSeen');

/** The patient's newest release, and whether the doctor has not opened it yet. */
function useUnseenRelease(patientUid: string) {
  const user = useSessionUser();
  const released = useContractQuery(listReleasedLabPatients, {}, { staleTime: 30_000 });
  const seenAt = useSyncExternalStore(seenMarks.subscribe, () => seenMarks.read(user._id)[patientUid] ?? '');
  const latest = released.data?.find((p) => p.patientUid === patientUid) ?? null;
  return { userId: user._id, latest, unseen: latest !== null && latest.releasedAt > seenAt };
}

export function LabReleasedBadge({ patientUid, open }: { patientUid: string; open: boolean }) {
  const { t, i18n } = useTranslation();
  const { userId, latest, unseen } = useUnseenRelease(patientUid);
  const releasedAt = latest?.releasedAt;
  useEffect(() => {
    if (open && releasedAt) seenMarks.mark(userId, patientUid, releasedAt);
  }, [open, releasedAt, userId, patientUid]);
  if (!latest || !unseen || open) return null;
  const critical = latest.critical;
  return (
    <Badge
      size="xs"
      color={critical ? 'red' : 'teal'}
      variant="filled"
      leftSection={critical ? <IconAlertTriangle size={10} /> : <IconFlask size={10} />}
      title={
        critical
          ? t('doctorQueue.labCriticalTitle', {
              items: criticalItems(latest.criticalValues, t, i18n.language),
            })
          : t('doctorQueue.labReleasedTitle')
      }
      data-testid="lab-released-badge"
      data-critical={critical || undefined}
    >
      {t(critical ? 'doctorQueue.labCritical' : 'doctorQueue.labReleased')}
    </Badge>
  );
}
