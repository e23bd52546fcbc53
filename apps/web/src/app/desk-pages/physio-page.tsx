import { Box, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ExaminationPanel } from '../../features/lab-queue/components/examination-panel.tsx';
import { type PhysioBroadcast, usePhysioBroadcast } from '../../features/lab-queue/physio-broadcast.ts';
import { PhysioPanel } from '../../features/physio/components/physio-panel.tsx';
import { pathByName } from '../../shared/navigation.ts';

/** `/Physio`: the therapy of the patient picked here or broadcast from another Physio tab. */
export function PhysioPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const [followedId, setFollowedId] = useState<string | null>(null);
  const follow = useCallback(
    ({ registrationId }: PhysioBroadcast) => {
      setFollowedId(registrationId);
      navigate(`${pathByName('Physio')}?id=${encodeURIComponent(registrationId)}`, { replace: true });
    },
    [navigate],
  );
  usePhysioBroadcast(follow);
  return (
    <>
      <ExaminationPanel
        variant="physio"
        registrationId={id}
        note={
          id !== null && id === followedId ? (
            <Text size="sm" c="dimmed" role="status">
              {t('labQueue.page.followed')}
            </Text>
          ) : undefined
        }
      />
      {id && (
        <Box maw={1100} mt="md">
          <PhysioPanel key={id} registrationId={id} />
        </Box>
      )}
    </>
  );
}
