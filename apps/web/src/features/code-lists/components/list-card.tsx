import { Button, Card, Group, Loader, Stack, Table, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListColumn, PagedQuery } from '../../../shared/ui/list-page.tsx';
import { ListFooter, PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';

/**
 * One tab of Daftar Kode: what the list is for, the search box, filters and add button, the
 * server-paged table and its pages (the card of a master list, under the page's tabs).
 */
export function ListCard<T>({
  intro,
  search,
  filters,
  add,
  table,
  columns,
  rowKey,
  query,
  filtered,
  emptyLabel,
  onClearFilters,
  onPage,
}: {
  intro: ReactNode;
  search: { value: string; onChange: (value: string) => void; placeholder: string; label: string };
  filters?: ReactNode;
  add?: { label: string; onClick: () => void } | null;
  table: { label: string; minWidth: number };
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string;
  query: PagedQuery<T>;
  filtered: boolean;
  emptyLabel: string;
  onClearFilters: () => void;
  onPage: (page: number) => void;
}) {
  const docs = query.data?.docs ?? [];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        {intro}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            flex="1 1 240px"
            type="search"
            placeholder={search.placeholder}
            aria-label={search.label}
            leftSection={<IconSearch size={14} />}
            rightSection={query.isFetching && !query.isLoading ? <Loader size={14} /> : null}
            maxLength={100}
            value={search.value}
            onChange={(e) => search.onChange(e.currentTarget.value)}
          />
          {filters}
          {add && (
            <Button leftSection={<IconPlus size={14} />} onClick={add.onClick}>
              {add.label}
            </Button>
          )}
        </Group>
        <PagedTable
          label={table.label}
          minWidth={table.minWidth}
          fetching={query.isFetching}
          stale={query.isPlaceholderData}
          head={columns.map((c) => (
            <Table.Th key={c.key} {...c.th}>
              {c.header}
            </Table.Th>
          ))}
        >
          <TableState
            columns={columns.length}
            loading={query.isLoading}
            failed={query.isError && !query.data}
            empty={docs.length === 0}
            filtered={filtered}
            emptyLabel={emptyLabel}
            onClearFilters={onClearFilters}
          />
          {docs.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.key} {...c.td}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </PagedTable>
        {query.data && (
          <ListFooter
            page={query.data.page}
            totalPages={query.data.totalPages}
            limit={query.data.limit}
            totalDocs={query.data.totalDocs}
            onPage={onPage}
          />
        )}
      </Stack>
    </Card>
  );
}
