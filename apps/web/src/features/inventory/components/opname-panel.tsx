import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClipboardList } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import type { StockLocation } from '../api/inventory-api.ts';
import { useOpnames, useStartOpname } from '../api/stock-documents-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { OPNAME_COLORS, OpnameSheet } from './opname-sheet.tsx';
import { signedRupiah } from './stock-format.ts';

/** The stock counts of a location: start one (stock.manage), the list, a count's sheet. */
export function OpnamePanel({ location, manage }: { location: StockLocation; manage: boolean }) {
  const { t } = useTranslation();
  const opnames = useOpnames(location.uid);
  const start = useStartOpname();
  const [openUid, setOpenUid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = opnames.data ?? [];
  const busy = list.some((o) => o.status === 'counting' || o.status === 'submitted');
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{t('inventory.opname.list', { location: location.name })}</Text>
        {manage && (
          <Button
            size="xs"
            leftSection={<IconClipboardList size={14} />}
            disabled={busy}
            loading={start.isPending}
            onClick={() =>
              start.mutate(
                { params: { uid: location.uid }, body: {} },
                {
                  onSuccess: (answer) => {
                    setError(null);
                    notifications.show({ color: 'teal', message: translateMessage(answer.message) });
                    if (answer.data) setOpenUid(answer.data.uid);
                  },
                  onError: (e) => setError(serverErrors(e)?.[FORM_ERROR] ?? null),
                },
              )
            }
          >
            {t('inventory.opname.start')}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="orange" variant="light">
          {translateMessage(error)}
        </Alert>
      )}
      {!opnames.isLoading && list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('inventory.opname.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('inventory.opname.list', { location: location.name })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inventory.opname.number')}</Table.Th>
                <Table.Th>{t('inventory.screen.colStatus')}</Table.Th>
                <Table.Th>{t('inventory.opname.startedAt')}</Table.Th>
                <Table.Th>{t('inventory.opname.counted')}</Table.Th>
                <Table.Th ta="right">{t('inventory.opname.value')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((o) => (
                <Table.Tr key={o.uid}>
                  <Table.Td ff="monospace">{o.number}</Table.Td>
                  <Table.Td>
                    <Badge color={OPNAME_COLORS[o.status]} variant="light">
                      {t(`inventory.opname.status.${o.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{o.started ? new Date(o.started.at).toLocaleString('id-ID') : '–'}</Table.Td>
                  <Table.Td>
                    {t('inventory.opname.progress', { counted: o.counted, lines: o.lines })}
                  </Table.Td>
                  <Table.Td ta="right">{signedRupiah(o.value)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="light" onClick={() => setOpenUid(o.uid)}>
                      {t('inventory.opname.open')} {o.number}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {openUid && <OpnameSheet uid={openUid} manage={manage} onClose={() => setOpenUid(null)} />}
    </Stack>
  );
}
