import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  type TableTdProps,
  type TableThProps,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, reportUnexpectedError } from '../api-client.ts';
import { translateMessage } from '../i18n/i18n.ts';
import { ListFooter, PagedTable, TableState } from './paged-table.tsx';

/** One column of a list: its header cell and how a row fills its cell. */
export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  th?: TableThProps;
  td?: TableTdProps;
  cell: (row: T) => ReactNode;
}

/** The parts of a server-paged list query the page shows (a TanStack query result fits). */
export interface PagedQuery<T> {
  data?: { docs: T[]; page: number; totalPages: number; limit: number; totalDocs: number };
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
}

/**
 * The page of the list query with these filters: another search or filter starts again from its
 * first page. `filterKey` is anything that changes when the filters do.
 */
export function useFilterPage(filterKey: string) {
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  return [page, (next: number) => setPaging({ key: filterKey, page: next })] as const;
}

/** The add button above a list: it opens a form (`onClick`) or goes to one (`to`). */
export type ListAdd = { label: string } & (
  | { onClick: () => void; to?: never }
  | { to: string; onClick?: never }
);

/**
 * A master list screen (spec 3): title and subtitle, a card with the search box, the filters and
 * the add button, the server-paged table with its loading, failed and empty states, and the
 * pages below. `children` holds what the list opens, e.g. the add/edit modal.
 */
export function ListPage<T>({
  title,
  subtitle,
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
  children,
}: {
  title: string;
  subtitle: string;
  search: {
    value: string;
    onChange: (value: string) => void;
    placeholder: string;
    label: string;
    /** The search box's flex basis. */
    basis: string;
  };
  filters?: ReactNode;
  add?: ListAdd | null;
  table: { label: string; minWidth: number };
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string | number;
  query: PagedQuery<T>;
  /** Nothing matched the search or filters (rather than nothing recorded at all). */
  filtered: boolean;
  emptyLabel: string;
  onClearFilters: () => void;
  onPage: (page: number) => void;
  children?: ReactNode;
}) {
  const docs = query.data?.docs ?? [];
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      </div>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              flex={`1 1 ${search.basis}`}
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
            {add && <AddButton add={add} />}
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
      {children}
    </Stack>
  );
}

function AddButton({ add }: { add: ListAdd }) {
  const icon = <IconPlus size={14} />;
  if (add.to !== undefined)
    return (
      <Button component={Link} to={add.to} leftSection={icon}>
        {add.label}
      </Button>
    );
  return (
    <Button leftSection={icon} onClick={add.onClick}>
      {add.label}
    </Button>
  );
}

/** All, active or inactive rows: the status filter of the master lists. */
export function StatusSegments<V extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: string }[];
}) {
  return (
    <SegmentedControl aria-label={label} value={value} onChange={(v) => onChange(v as V)} data={options} />
  );
}

/** The active/inactive badge of a row. */
function ActiveBadge({ active, labels }: { active: boolean; labels: readonly [on: string, off: string] }) {
  return (
    <Badge size="sm" variant="light" color={active ? 'teal' : 'gray'}>
      {active ? labels[0] : labels[1]}
    </Badge>
  );
}

/**
 * A row's edit button and the switch that turns it on or off. Both buttons name the row in their
 * accessible label ("Ubah dr. Budi"), so a screen reader hears which row they act on.
 */
function RowActions({
  name,
  edit,
  toggle,
}: {
  name: string;
  edit: { label: string; onClick: () => void };
  toggle: { active: boolean; on: string; off: string; disabled?: boolean; onClick: () => void };
}) {
  const toggleLabel = toggle.active ? toggle.off : toggle.on;
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Button size="compact-sm" variant="default" aria-label={`${edit.label} ${name}`} onClick={edit.onClick}>
        {edit.label}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color={toggle.active ? 'red' : 'teal'}
        disabled={toggle.disabled}
        aria-label={`${toggleLabel} ${name}`}
        onClick={toggle.onClick}
      >
        {toggleLabel}
      </Button>
    </Group>
  );
}

/** The status and the row buttons (edit, switch on or off) that end a master list's columns. */
export function statusColumns<T>(o: {
  headers: { status: string; actions: string };
  /** Fixed widths of the two header cells, where the list sets its columns' widths. */
  widths?: { status: number; actions: number };
  active: (row: T) => boolean;
  name: (row: T) => string;
  badge: readonly [on: string, off: string];
  edit: { label: string; onClick: (row: T) => void };
  toggle: { on: string; off: string; disabled?: (row: T) => boolean; onClick: (row: T) => void };
}): ListColumn<T>[] {
  return [
    {
      key: 'status',
      header: o.headers.status,
      th: { w: o.widths?.status },
      // wide enough for the whole status word when the table is squeezed
      td: { miw: 96 },
      cell: (row) => <ActiveBadge active={o.active(row)} labels={o.badge} />,
    },
    {
      key: 'actions',
      header: o.headers.actions,
      th: { w: o.widths?.actions, ta: 'right' },
      cell: (row) => (
        <RowActions
          name={o.name(row)}
          edit={{ label: o.edit.label, onClick: () => o.edit.onClick(row) }}
          toggle={{
            active: o.active(row),
            on: o.toggle.on,
            off: o.toggle.off,
            disabled: o.toggle.disabled?.(row),
            onClick: () => o.toggle.onClick(row),
          }}
        />
      ),
    },
  ];
}

/** A warning with the server's message, or the generic toast for what the user cannot fix. */
export function showActionFailure(error: unknown) {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    notifications.show({ color: 'orange', message: translateMessage(error.message) });
  } else {
    void reportUnexpectedError(error);
  }
}

/** What a row switch shows once the server answered: its sentence, or its refusal. */
export const toggleFeedback = {
  onSuccess: (res: { message: string }) =>
    notifications.show({ color: 'teal', message: translateMessage(res.message) }),
  onError: showActionFailure,
};

/** Asks before a row is switched on or off; the confirm button is green to switch on, red to switch off. */
export function confirmToggle({
  activate,
  title,
  message,
  confirm,
  cancel,
  onConfirm,
}: {
  activate: boolean;
  title: string;
  message: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm, cancel },
    confirmProps: { color: activate ? 'teal' : 'red' },
    onConfirm,
  });
}
