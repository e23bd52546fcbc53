import { Badge, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useLabWork } from '../api/lab-results-api.ts';

/**
 * The doctor's order on the lab's patient banner: CITO in red, the ordered tests by name (and
 * what the catalogue does not know), the clinical diagnosis and the doctor's note. Until the
 * order is read (or without the right to read it) the visit's complaint line stands in.
 */
export function LabOrderSummary({
  registrationId,
  fallback,
}: {
  registrationId: string;
  fallback: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const canRead = usePermissions().has('lab.result.enter');
  const work = useLabWork(registrationId, canRead);
  const none = t('labResults.order.none');
  if (!canRead || !work.data) return <>{fallback}</>;
  const { order, tests } = work.data;
  const name = (x: { nameId: string; nameEn: string }) => (i18n.language === 'en' ? x.nameEn : x.nameId);
  return (
    <div data-testid="lab-order">
      <Group gap={6} mt="xs" mb={4}>
        <Text size="xs" c="dimmed">
          {t('labResults.order.tests')}
        </Text>
        {order.cito && (
          <Tooltip label={t('labResults.order.citoHint')}>
            <Badge color="red" variant="filled" size="sm" radius="sm" data-testid="cito">
              {t('labResults.order.cito')}
            </Badge>
          </Tooltip>
        )}
      </Group>
      <Group gap={4}>
        {tests.length === 0 && order.unmatchedItems.length === 0 && <Text size="sm">{none}</Text>}
        {tests.map((test) => (
          <Badge key={test.serviceUid} variant="light" size="md" radius="sm" tt="none">
            {name(test)}
          </Badge>
        ))}
        {order.unmatchedItems.map((item) => (
          <Tooltip key={item} label={t('labResults.order.unmatched', { items: item })}>
            <Badge variant="outline" color="orange" size="md" radius="sm" tt="none">
              {item}
            </Badge>
          </Tooltip>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" mt="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('labResults.order.diagnosis')}
          </Text>
          <Text size="sm">{order.diagnosis || none}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('labResults.order.note')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {order.note || none}
          </Text>
        </div>
      </SimpleGrid>
    </div>
  );
}
