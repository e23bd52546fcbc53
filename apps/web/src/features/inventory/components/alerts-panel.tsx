import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStockAlerts } from '../api/inventory-api.ts';
import { formatDay, formatQuantity } from './stock-format.ts';

const SHOWN = 6;

/** The clinic's stock alerts: below minimum, expiring within three months, dead stock. */
export function AlertsPanel({ clinicId }: { clinicId: number }) {
  const { t } = useTranslation();
  const alerts = useStockAlerts(clinicId).data;
  if (!alerts) return null;
  const none = (
    <Text size="sm" c="dimmed">
      {t('inventory.screen.alertsNone')}
    </Text>
  );
  return (
    <Card withBorder padding="md" aria-label={t('inventory.screen.alerts')} component="section">
      <Stack gap="xs">
        <Title order={4}>{t('inventory.screen.alerts')}</Title>
        <SimpleGrid cols={1} spacing="sm">
          <Stack gap={4}>
            <Group gap={6}>
              <Badge color="red" variant="light">
                {t('inventory.screen.alertsBelow', { count: alerts.belowMinimum.length })}
              </Badge>
            </Group>
            {alerts.belowMinimum.length === 0 ? (
              none
            ) : (
              <List size="sm" spacing={2}>
                {alerts.belowMinimum.slice(0, SHOWN).map((a) => (
                  <List.Item key={a.itemUid}>
                    <b>{a.name}</b>:{' '}
                    {t('inventory.screen.alertOnHand', {
                      onHand: formatQuantity(a.onHand),
                      min: formatQuantity(a.minStock),
                      unit: a.baseUnit,
                    })}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
          <Stack gap={4}>
            <Group gap={6}>
              <Badge color="orange" variant="light">
                {t('inventory.screen.alertsExpiry', { count: alerts.nearExpiry.length })}
              </Badge>
            </Group>
            {alerts.nearExpiry.length === 0 ? (
              none
            ) : (
              <List size="sm" spacing={2}>
                {alerts.nearExpiry.slice(0, SHOWN).map((a) => (
                  <List.Item key={`${a.locationUid}-${a.itemUid}-${a.batchNumber}`}>
                    <b>{a.name}</b>
                    {a.expired && (
                      <Badge color="red" size="xs" ml={4}>
                        {t('inventory.screen.expired')}
                      </Badge>
                    )}
                    :{' '}
                    {t('inventory.screen.alertBatch', {
                      batch: a.batchNumber,
                      location: a.locationName,
                      qty: formatQuantity(a.quantity),
                      unit: a.baseUnit,
                      date: formatDay(a.expiryDate),
                    })}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
          <Stack gap={4}>
            <Group gap={6}>
              <Badge color="gray" variant="light">
                {t('inventory.screen.alertsDead', { count: alerts.deadStock.length })}
              </Badge>
            </Group>
            {alerts.deadStock.length === 0 ? (
              none
            ) : (
              <List size="sm" spacing={2}>
                {alerts.deadStock.slice(0, SHOWN).map((a) => (
                  <List.Item key={a.itemUid}>
                    <b>{a.name}</b>:{' '}
                    {t('inventory.screen.alertDead', {
                      onHand: formatQuantity(a.onHand),
                      unit: a.baseUnit,
                      date: a.lastOutAt ? formatDay(a.lastOutAt) : t('inventory.screen.never'),
                    })}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
