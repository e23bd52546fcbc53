import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsistency } from '../api/inventory-api.ts';
import { formatQuantity } from './stock-format.ts';

/** Runs the consistency check: does every stock card sum to the stock on hand? */
export function ConsistencyCheck({ clinicId }: { clinicId: number }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const check = useConsistency(clinicId, asked);
  const result = asked ? check.data : undefined;
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        leftSection={<IconChecklist size={16} />}
        loading={check.isFetching}
        onClick={() => (asked ? void check.refetch() : setAsked(true))}
      >
        {t('inventory.screen.consistency')}
      </Button>
      {result &&
        (result.mismatches.length === 0 ? (
          <Alert color="teal" variant="light" role="status">
            <Text size="sm" fw={500}>
              {t('inventory.screen.consistencyOk')}
            </Text>
            <Text size="xs">{t('inventory.screen.consistencyChecked', { count: result.checked })}</Text>
          </Alert>
        ) : (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" fw={500}>
              {t('inventory.screen.consistencyBad', { count: result.mismatches.length })}
            </Text>
            <List size="sm">
              {result.mismatches.map((m) => (
                <List.Item key={`${m.locationUid}-${m.itemUid}`}>
                  {t('inventory.screen.consistencyRow', {
                    item: m.itemName,
                    location: m.locationName,
                    ledger: formatQuantity(m.ledger),
                    onHand: formatQuantity(m.onHand),
                  })}
                </List.Item>
              ))}
            </List>
          </Alert>
        ))}
    </Stack>
  );
}
