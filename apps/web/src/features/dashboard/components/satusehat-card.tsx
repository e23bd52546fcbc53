import { Anchor, Card, Group, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSatusehatRefusals } from '../../../shared/satusehat/satusehat-sync-api.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';

/** Issue 19 §5: how many deliveries of the caller's clinics SATUSEHAT refused or that are held, and the way to the sync screen. */
export function SatusehatCard() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const allowed = permissions.has('satusehat.status');
  const refusals = useSatusehatRefusals(allowed);
  if (!allowed || !refusals.data) return null;
  const { refused, blocked, waiting } = refusals.data;
  const trouble = refused + blocked > 0;
  return (
    <Card withBorder padding="md" data-testid="satusehat-card">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <IconCloudUpload
            size={22}
            stroke={1.6}
            color={trouble ? 'var(--mantine-color-red-6)' : undefined}
          />
          <div>
            <Text fw={600} c={trouble ? 'red' : undefined}>
              {t('satusehatSync.card', { refused, blocked })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('satusehatSync.cardWaiting', { waiting })}
            </Text>
          </div>
        </Group>
        {permissions.has('satusehat.manage') && (
          <Anchor component={Link} to="/Setting/satuSehat?tab=sync" size="sm">
            {t('satusehatSync.cardOpen')}
          </Anchor>
        )}
      </Group>
    </Card>
  );
}
