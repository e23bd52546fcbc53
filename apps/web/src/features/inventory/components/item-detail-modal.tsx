import { Badge, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter, PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';
import { type StockItem, useItemSettings, useStockCard } from '../api/inventory-api.ts';
import { formatDay, formatMoment, formatQuantity, nearExpiryUntil, referenceLabel } from './stock-format.ts';
import { itemName } from './stock-table.tsx';

/** An item at a location: its packaging units, its batches (earliest expiry first) and its stock card. */
export function ItemDetailModal({
  item,
  locationUid,
  locationName,
  today,
  timeZone,
  onClose,
}: {
  item: StockItem;
  locationUid: string;
  locationName: string;
  today: string;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const settings = useItemSettings(item.itemUid);
  const until = nearExpiryUntil(today);
  const units = settings.data?.units ?? [];
  return (
    <Modal opened onClose={onClose} size="xl" title={`${itemName(item)} · ${locationName}`}>
      <Stack gap="md">
        <Text size="sm">
          {formatQuantity(item.onHand)} {item.baseUnit}
          {units.map((u) => ` · 1 ${u.name} = ${formatQuantity(u.factor)} ${item.baseUnit}`).join('')}
        </Text>
        <Stack gap={4}>
          <Title order={4}>{t('inventory.screen.batches')}</Title>
          <Table aria-label={t('inventory.screen.batches')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inventory.screen.batchNumber')}</Table.Th>
                <Table.Th>{t('inventory.screen.expiryDate')}</Table.Th>
                <Table.Th ta="right">{t('inventory.screen.quantity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {item.batches.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text size="sm" c="dimmed">
                      {t('inventory.screen.noBatches')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {item.batches.map((b) => {
                const expired = b.expired || b.expiryDate < today;
                return (
                  <Table.Tr key={b.batchNumber}>
                    <Table.Td ff="monospace">{b.batchNumber}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        {formatDay(b.expiryDate)}
                        {expired ? (
                          <Badge color="red" size="sm">
                            {t('inventory.screen.expired')}
                          </Badge>
                        ) : (
                          b.expiryDate <= until && (
                            <Badge color="orange" variant="light" size="sm">
                              {t('inventory.screen.nearExpiry')}
                            </Badge>
                          )
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">
                      {formatQuantity(b.quantity)} {item.baseUnit}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
        <StockCard item={item} locationUid={locationUid} timeZone={timeZone} />
      </Stack>
    </Modal>
  );
}

/** The stock card: every movement, newest first, paged, with the running balance. */
export function StockCard({
  item,
  locationUid,
  timeZone,
}: {
  item: StockItem;
  locationUid: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const card = useStockCard(locationUid, item.itemUid, page);
  const entries = card.data?.docs ?? [];
  return (
    <Stack gap={4}>
      <Title order={4}>{t('inventory.screen.card')}</Title>
      <PagedTable
        label={t('inventory.screen.card')}
        minWidth={820}
        fetching={card.isFetching}
        stale={card.isPlaceholderData}
        head={
          <>
            <Table.Th>{t('inventory.screen.colAt')}</Table.Th>
            <Table.Th>{t('inventory.screen.colKind')}</Table.Th>
            <Table.Th>{t('inventory.screen.batchNumber')}</Table.Th>
            <Table.Th ta="right">{t('inventory.screen.colQuantity')}</Table.Th>
            <Table.Th ta="right">{t('inventory.screen.colBalance')}</Table.Th>
            <Table.Th>{t('inventory.screen.colReference')}</Table.Th>
            <Table.Th>{t('inventory.screen.colBy')}</Table.Th>
            <Table.Th>{t('inventory.screen.colReason')}</Table.Th>
          </>
        }
      >
        <TableState
          columns={8}
          loading={card.isLoading}
          failed={card.isError && !card.data}
          empty={entries.length === 0}
          filtered={false}
          emptyLabel={t('inventory.screen.cardEmpty')}
          onClearFilters={() => setPage(1)}
        />
        {entries.map((e) => (
          <Table.Tr key={e.uid}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(e.at, timeZone)}</Table.Td>
            <Table.Td>{t(`inventory.screen.movement.${e.kind}`)}</Table.Td>
            <Table.Td ff="monospace">{e.batchNumber}</Table.Td>
            <Table.Td ta="right" c={e.quantity < 0 ? 'red' : 'teal'} style={{ whiteSpace: 'nowrap' }}>
              {e.quantity > 0 ? '+' : '−'}
              {formatQuantity(Math.abs(e.quantity))}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatQuantity(e.balance)} {item.baseUnit}
            </Table.Td>
            <Table.Td>
              <Text size="xs">{referenceLabel(t, e)}</Text>
            </Table.Td>
            <Table.Td>{e.by ?? '–'}</Table.Td>
            <Table.Td>{e.reason ?? '–'}</Table.Td>
          </Table.Tr>
        ))}
      </PagedTable>
      {card.data && (
        <ListFooter
          page={card.data.page}
          totalPages={card.data.totalPages}
          limit={card.data.limit}
          totalDocs={card.data.totalDocs}
          onPage={setPage}
        />
      )}
    </Stack>
  );
}
