import type { Locale } from '@klinikita/domain/i18n/locale';
import type { RadiologyReport } from '@klinikita/domain/radiology/radiology.schema';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { RadiologyStatusBadge } from './radiology-status.tsx';

/** The replaced versions of the report, struck through. */
export function RadiologyHistory({ history }: { history: RadiologyReport[] }) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'id';
  return (
    <Card withBorder padding="md" data-testid="radiology-history">
      <Text fw={600} mb="sm">
        {t('radiology.page.history')}
      </Text>
      <Stack gap="sm">
        {history.map((r) => (
          <Card key={r.uid} withBorder padding="sm" bg="gray.0">
            <Group gap="xs" mb={4}>
              <Badge variant="outline" color="gray">
                {t('radiology.page.version', { version: r.version })}
              </Badge>
              <RadiologyStatusBadge status={r.status} />
              {r.replacedAt && (
                <Text size="xs" c="dimmed">
                  {t('radiology.page.replacedAt', { at: formatDateTime(r.replacedAt, locale) })}
                </Text>
              )}
              {r.signed && (
                <Text size="xs" c="dimmed">
                  {t('radiology.page.signedBy', {
                    name: r.signed.name,
                    at: formatDateTime(r.signed.at, locale),
                  })}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('radiology.page.findings')}
            </Text>
            <Text size="sm" td="line-through" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
              {r.findings}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('radiology.page.impression')}
            </Text>
            <Text size="sm" td="line-through" c="dimmed">
              {r.impression}
            </Text>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
