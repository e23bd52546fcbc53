import { Box, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ExaminationPanel } from '../../features/lab-queue/components/examination-panel.tsx';
import { RadiologyWorkPanel } from '../../features/radiology/components/radiology-work-panel.tsx';
import { RadiologyWorklist } from '../../features/radiology/components/radiology-worklist.tsx';
import { pathByName } from '../../shared/navigation.ts';

/**
 * `/Radiology`: the visit picked in the sidebar (or on the worklist) — its banner, steps and
 * status, then the radiology work: order, report, images, versions; without a visit, the day's
 * worklist.
 */
export function RadiologyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id)
    return (
      <Stack gap="md" maw={1100}>
        <div>
          <Title order={2}>{t('radiology.worklist.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('radiology.worklist.hint')}
          </Text>
        </div>
        <RadiologyWorklist
          onOpen={(registrationId) =>
            navigate(`${pathByName('Radiology')}?id=${encodeURIComponent(registrationId)}`)
          }
        />
      </Stack>
    );
  return (
    <>
      <ExaminationPanel variant="radiology" registrationId={id} />
      <Box maw={1100} mt="md">
        <RadiologyWorkPanel key={id} registrationId={id} />
      </Box>
    </>
  );
}
