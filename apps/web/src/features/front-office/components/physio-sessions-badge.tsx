import { getPhysioRemaining } from '@klinikita/domain/physio/physio.contract';
import { Badge, Tooltip } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

/**
 * "Fisioterapi: sisa 4 dari 8 sesi" on the picked patient when they have an active
 * physiotherapy programme, so the clerk registers the next session; nothing otherwise.
 */
export function PhysioSessionsBadge({ patientUid }: { patientUid: string }) {
  const { t } = useTranslation();
  const remaining = useContractQuery(
    getPhysioRemaining,
    { params: { uid: patientUid } },
    { staleTime: 30_000 },
  );
  const p = remaining.data;
  if (!p) return null;
  return (
    <Tooltip label={t('physio.remainingHint', { clinic: p.clinicName, done: p.sessionsDone })}>
      <Badge
        mt={6}
        variant="light"
        color="grape"
        radius="sm"
        leftSection={<IconActivity size={12} />}
        data-testid="physio-remaining"
      >
        {t('physio.remaining', { remaining: p.remaining, planned: p.plannedSessions })}
      </Badge>
    </Tooltip>
  );
}
