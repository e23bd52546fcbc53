import { listReleasedLabPatients } from '@klinikita/domain/results/lab-print.contract';
import { Badge } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../../../shared/api/contract-client.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';

/**
 * "Hasil lab baru" on a patient of the doctor's sidebar: lab results released in the last day
 * that this doctor has not opened yet. What was seen is the newest release time per patient when
 * the doctor had the patient open, kept in this browser (localStorage, per user): opening the
 * patient clears the badge, a later release (an amendment) shows it again. The released list is
 * tagged `labResults`, so the live `lab.result.released` refetches it.
 */

const storageKey = (userId: string) => `klinikita.labSeen.${userId}`;
const listeners = new Set<() => void>();

function readSeen(userId: string): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

function markSeen(userId: string, patientUid: string, releasedAt: string) {
  const seen = readSeen(userId);
  if (seen[patientUid] && seen[patientUid] >= releasedAt) return;
  // only the last day's releases can show a badge: older marks are dropped
  const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
  const kept = Object.fromEntries(Object.entries(seen).filter(([, at]) => at > dayAgo));
  kept[patientUid] = releasedAt;
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(kept));
  } catch {
    // a full or blocked storage: the badge stays, nothing breaks
  }
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The patient's newest release the doctor has not opened, or null. */
function useUnseenRelease(patientUid: string) {
  const user = useSessionUser();
  const released = useContractQuery(listReleasedLabPatients, {}, { staleTime: 30_000 });
  const seenAt = useSyncExternalStore(subscribe, () => readSeen(user._id)[patientUid] ?? '');
  const latest = released.data?.find((p) => p.patientUid === patientUid)?.releasedAt ?? null;
  return { userId: user._id, latest, unseen: latest !== null && latest > seenAt };
}

export function LabReleasedBadge({ patientUid, open }: { patientUid: string; open: boolean }) {
  const { t } = useTranslation();
  const { userId, latest, unseen } = useUnseenRelease(patientUid);
  useEffect(() => {
    if (open && latest) markSeen(userId, patientUid, latest);
  }, [open, latest, userId, patientUid]);
  if (!unseen || open) return null;
  return (
    <Badge
      size="xs"
      color="teal"
      variant="filled"
      leftSection={<IconFlask size={10} />}
      title={t('doctorQueue.labReleasedTitle')}
      data-testid="lab-released-badge"
    >
      {t('doctorQueue.labReleased')}
    </Badge>
  );
}
