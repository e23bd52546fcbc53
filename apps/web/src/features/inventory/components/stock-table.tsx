import { formatRupiah } from '@klinikita/domain/common/format';
import { Badge, Group, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterPage } from '../../../shared/ui/list-page.tsx';
import { ListFooter, PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';
import { type StockItem, useLocationStock } from '../api/inventory-api.ts';
import { formatDay, formatQuantity, stockFlags } from './stock-format.ts';

const PAGE_SIZE = 20;

export const itemName = (item: { name: string; strength: string | null }) =>
  [item.name, item.strength].filter(Boolean).join(' ');

/**
 * The items held at a location, searched and paged on the server: on-hand in the base unit,
 * nearest expiry, value and the below-minimum and near-expiry badges. A click opens the item.
 * `consumablesOnly` asks the server for consumables only (`kind=consumable`).
 */
export function StockTable({
  locationUid,
  today,
  consumablesOnly,
  onOpen,
  actions,
}: {
  locationUid: string;
  today: string;
  consumablesOnly: boolean;
  onOpen: (item: StockItem) => void;
  actions?: (item: StockItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useFilterPage(JSON.stringify([locationUid, search]));
  const stock = useLocationStock(locationUid, {
    search: search || undefined,
    kind: consumablesOnly ? 'consumable' : undefined,
    page,
    limit: PAGE_SIZE,
  });
  const docs = stock.data?.docs ?? [];
  const columns = actions ? 6 : 5;
  return (
    <>
      <TextInput
        type="search"
        placeholder={t('inventory.screen.searchPlaceholder')}
        aria-label={t('inventory.screen.search')}
        leftSection={<IconSearch size={14} />}
        maxLength={100}
        value={searchText}
        onChange={(e) => setSearchText(e.currentTarget.value)}
      />
      <PagedTable
        label={t('inventory.screen.list')}
        minWidth={actions ? 820 : 700}
        fetching={stock.isFetching}
        stale={stock.isPlaceholderData}
        head={
          <>
            <Table.Th>{t('inventory.screen.colItem')}</Table.Th>
            <Table.Th ta="right">{t('inventory.screen.colOnHand')}</Table.Th>
            <Table.Th>{t('inventory.screen.colExpiry')}</Table.Th>
            <Table.Th ta="right">{t('inventory.screen.colValue')}</Table.Th>
            <Table.Th>{t('inventory.screen.colStatus')}</Table.Th>
            {actions && <Table.Th />}
          </>
        }
      >
        <TableState
          columns={columns}
          loading={stock.isLoading}
          failed={stock.isError && !stock.data}
          empty={docs.length === 0}
          filtered={Boolean(searchText.trim())}
          emptyLabel={t('inventory.screen.empty')}
          onClearFilters={() => setSearchText('')}
        />
        {docs.map((item) => (
          <StockRow key={item.itemUid} item={item} today={today} onOpen={onOpen} actions={actions} />
        ))}
      </PagedTable>
      {stock.data && (
        <ListFooter
          page={stock.data.page}
          totalPages={stock.data.totalPages}
          limit={stock.data.limit}
          totalDocs={stock.data.totalDocs}
          onPage={setPage}
        />
      )}
    </>
  );
}

function StockRow({
  item,
  today,
  onOpen,
  actions,
}: {
  item: StockItem;
  today: string;
  onOpen: (item: StockItem) => void;
  actions?: (item: StockItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const flags = stockFlags(item, today);
  const name = itemName(item);
  return (
    <Table.Tr>
      <Table.Td>
        <UnstyledButton onClick={() => onOpen(item)} aria-label={t('inventory.screen.open', { name })}>
          <Text size="sm" fw={500} c="blue">
            {name}
          </Text>
        </UnstyledButton>
        <Text size="xs" c="dimmed">
          {[
            t(`inventory.screen.kind.${item.kind}`),
            item.drugClass && t(`inventory.screen.drugClass.${item.drugClass}`),
            item.minStock > 0 &&
              t('inventory.screen.minimum', { qty: formatQuantity(item.minStock), unit: item.baseUnit }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">
          {formatQuantity(item.onHand)} {item.baseUnit}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{flags.nearest ? formatDay(flags.nearest) : '–'}</Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatRupiah(item.value)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {flags.below && (
            <Badge color="red" variant="light">
              {t('inventory.screen.belowMinimum')}
            </Badge>
          )}
          {flags.expired && (
            <Badge color="red" variant="filled">
              {t('inventory.screen.expired')}
            </Badge>
          )}
          {flags.nearExpiry && (
            <Badge color="orange" variant="light">
              {t('inventory.screen.nearExpiry')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      {actions && <Table.Td style={{ whiteSpace: 'nowrap' }}>{actions(item)}</Table.Td>}
    </Table.Tr>
  );
}
