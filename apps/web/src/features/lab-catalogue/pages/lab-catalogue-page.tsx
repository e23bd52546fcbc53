import { Button, Grid, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { LabTestDetailCard } from '../components/lab-test-detail.tsx';
import { LabTestList } from '../components/lab-test-list.tsx';

/** Where new lab tests and panels are made: they are services, with a code, names and tariffs. */
const SERVICE_MASTER = '/Layanan/masterLayanan';

/**
 * `/panel`: the lab catalogue. On the left the tests and panels (services of group lab); on the
 * right the picked test's parameters with their reference ranges, or the picked panel's tests.
 */
export function LabCataloguePage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const canManage = permissions.has('labCatalogue.manage');
  const [params, setParams] = useSearchParams();
  const selected = params.get('test');
  const select = useCallback((uid: string) => setParams({ test: uid }, { replace: true }), [setParams]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{t('labCatalogue.title')}</Title>
          <Text c="dimmed" size="sm" maw={760}>
            {t('labCatalogue.subtitle')}
          </Text>
        </div>
        {permissions.has('service.manage') && (
          <Tooltip label={t('labCatalogue.addInMasterHint')} multiline w={280}>
            <Button
              component={Link}
              to={SERVICE_MASTER}
              variant="light"
              rightSection={<IconExternalLink size={14} />}
            >
              {t('labCatalogue.addInMaster')}
            </Button>
          </Tooltip>
        )}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
          <LabTestList selectedUid={selected} onSelect={select} onFirst={select} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
          <LabTestDetailCard uid={selected} canManage={canManage} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
