import { issueKey } from '@klinikita/domain/satusehat/satusehat-sync.rules';
import type { SatusehatDelivery } from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What the platform said, readable: the blocked reason in our words; for an answer, the issue
 * code's explanation where known, the platform's own text beneath and the field it names.
 */
export function DeliveryMessage({ delivery: d }: { delivery: SatusehatDelivery }) {
  const { t } = useTranslation();
  if (d.state === 'blocked' && d.blockedReason)
    return <Text size="sm">{t(`satusehatSync.blocked.${d.blockedReason}`)}</Text>;
  const explained = issueKey(d.issueCode);
  if (!explained && !d.message && !d.expression) {
    if (d.lastStatus === 0) return <Text size="sm">{t('satusehatSync.noAnswer')}</Text>;
    return null;
  }
  return (
    <Stack gap={2}>
      {explained && (
        <Text size="sm" fw={500}>
          {t(explained)}
        </Text>
      )}
      {d.message && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('satusehatSync.platformSaid', { message: d.message, interpolation: { escapeValue: false } })}
          {d.lastStatus ? ` (${t('satusehatSync.httpStatus', { status: d.lastStatus })})` : ''}
        </Text>
      )}
      {d.expression && (
        <Text size="xs">
          {t('satusehatSync.field')}: <Code>{d.expression}</Code>
        </Text>
      )}
    </Stack>
  );
}
