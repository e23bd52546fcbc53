import { Button, Center, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The table body while loading, after a failure, or when nothing is listed; null otherwise. */
export function TableState({
  columns,
  loading,
  failed,
  empty,
  filtered,
  emptyLabel,
  onClearFilters,
}: {
  columns: number;
  loading: boolean;
  failed: boolean;
  empty: boolean;
  /** Nothing matched the search or filters (rather than nothing recorded at all). */
  filtered: boolean;
  emptyLabel: string;
  onClearFilters: () => void;
}): ReactNode {
  const { t } = useTranslation();
  if (!loading && !failed && !empty) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Center py="xl">
          {loading ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('web.common.loading')}
              </Text>
            </Group>
          ) : failed ? (
            <Text size="sm" c="red">
              {t('web.common.loadFailed')}
            </Text>
          ) : filtered ? (
            <Stack gap="xs" align="center">
              <Text size="sm" c="dimmed">
                {t('web.common.emptyFiltered')}
              </Text>
              <Button size="xs" variant="subtle" onClick={onClearFilters}>
                {t('web.common.clearFilters')}
              </Button>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {emptyLabel}
            </Text>
          )}
        </Center>
      </Table.Td>
    </Table.Tr>
  );
}

/** The range shown and the pages below a server-paged list. */
export function ListFooter({
  page,
  totalPages,
  limit,
  totalDocs,
  onPage,
}: {
  page: number;
  totalPages: number;
  limit: number;
  totalDocs: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (!totalDocs) return null;
  const from = (page - 1) * limit + 1;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t('web.common.range', { from, to: Math.min(page * limit, totalDocs), total: totalDocs })}
      </Text>
      {totalPages > 1 && <Pagination size="sm" total={totalPages} value={page} onChange={onPage} />}
    </Group>
  );
}

/**
 * The table of a server-paged list: sticky header, sideways scroll on narrow screens, dimmed
 * while the next page loads. `head` holds the header cells, `children` the body rows.
 */
export function PagedTable({
  label,
  minWidth,
  fetching,
  stale,
  head,
  children,
}: {
  label: string;
  minWidth: number;
  fetching: boolean;
  /** The rows shown are the previous page's while the next one loads. */
  stale: boolean;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} maxHeight="calc(100dvh - 290px)" type="native">
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing="xs"
        aria-label={label}
        aria-busy={fetching}
        style={{ opacity: stale ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
