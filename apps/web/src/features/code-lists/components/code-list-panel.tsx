import type { CodeListItem, CodeListName } from '@klinikita/domain/code-lists/code-list.schema';
import { ActionIcon, Alert, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  confirmToggle,
  type ListColumn,
  StatusSegments,
  showActionFailure,
  statusColumns,
  toggleFeedback,
  useFilterPage,
} from '../../../shared/ui/list-page.tsx';
import { useCodeListItems, useMoveCodeListItem, useSetCodeListItemActive } from '../api/code-lists-api.ts';
import { CodeListItemModal } from './code-list-item-modal.tsx';
import { ListCard } from './list-card.tsx';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

type StatusFilter = 'all' | 'true' | 'false';

const itemName = (item: CodeListItem) => `${item.code} ${item.nameId}`;

/** One code list of the corporate: paged and searched on the server, in list order. */
export function CodeListPanel({ list }: { list: CodeListName }) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const active = status === 'all' ? undefined : status;
  const [page, setPage] = useFilterPage(JSON.stringify([search, active]));
  const items = useCodeListItems(list, { search: search || undefined, active, page, limit: PAGE_SIZE });
  const [form, setForm] = useState<{ item: CodeListItem | null } | null>(null);
  const setActive = useSetCodeListItemActive();
  const move = useMoveCodeListItem();
  const filtered = Boolean(searchText.trim()) || status !== 'all';
  // arrows move an entry among all entries: they show only while the whole list is listed
  const ordering = !filtered && !search;

  function toggle(item: CodeListItem) {
    const activate = !item.active;
    confirmToggle({
      activate,
      title: activate ? t('codeLists.activateTitle') : t('codeLists.deactivateTitle'),
      message: t(activate ? 'codeLists.activateConfirm' : 'codeLists.deactivateConfirm', {
        name: itemName(item),
      }),
      confirm: activate ? t('codeLists.activate') : t('codeLists.deactivate'),
      cancel: t('codeLists.cancel'),
      onConfirm: () => setActive.mutate({ list, uid: item.uid, active: activate }, toggleFeedback),
    });
  }

  const data = items.data;
  const position = (item: CodeListItem) =>
    data ? (data.page - 1) * data.limit + data.docs.findIndex((d) => d.uid === item.uid) : -1;
  const moveButton = (item: CodeListItem, direction: 'up' | 'down') => {
    const at = position(item);
    const disabled = move.isPending || (direction === 'up' ? at <= 0 : at >= (data?.totalDocs ?? 0) - 1);
    return (
      <ActionIcon
        size="sm"
        variant="subtle"
        disabled={disabled}
        aria-label={t(direction === 'up' ? 'codeLists.moveUp' : 'codeLists.moveDown', {
          name: itemName(item),
        })}
        onClick={() => move.mutate({ list, uid: item.uid, direction }, { onError: showActionFailure })}
      >
        {direction === 'up' ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />}
      </ActionIcon>
    );
  };

  const columns: ListColumn<CodeListItem>[] = [
    {
      key: 'order',
      header: t('codeLists.colOrder'),
      th: { w: 110 },
      cell: (item) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" w={36} c="dimmed">
            {item.sort}
          </Text>
          {ordering && moveButton(item, 'up')}
          {ordering && moveButton(item, 'down')}
        </Group>
      ),
    },
    {
      key: 'code',
      header: t('codeLists.colCode'),
      th: { w: 170 },
      cell: (item) => (
        <Text size="sm" ff="monospace" fw={500}>
          {item.code}
        </Text>
      ),
    },
    { key: 'nameId', header: t('codeLists.colNameId'), cell: (item) => <Text size="sm">{item.nameId}</Text> },
    {
      key: 'nameEn',
      header: t('codeLists.colNameEn'),
      cell: (item) => (
        <Text size="sm" c="dimmed">
          {item.nameEn}
        </Text>
      ),
    },
    ...statusColumns<CodeListItem>({
      headers: { status: t('codeLists.colStatus'), actions: t('codeLists.colActions') },
      widths: { status: 100, actions: 200 },
      active: (item) => item.active,
      name: itemName,
      badge: [t('codeLists.active'), t('codeLists.inactive')],
      edit: { label: t('codeLists.edit'), onClick: (item) => setForm({ item }) },
      toggle: { on: t('codeLists.activate'), off: t('codeLists.deactivate'), onClick: toggle },
    }),
  ];

  return (
    <>
      <ListCard
        intro={
          <>
            <Text size="sm">{t(`codeLists.listHints.${list}`)}</Text>
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} />} p="xs">
              <Text size="xs">{t('codeLists.neverDeleted')}</Text>
            </Alert>
          </>
        }
        search={{
          value: searchText,
          onChange: setSearchText,
          placeholder: t('codeLists.searchPlaceholder'),
          label: t('codeLists.search'),
        }}
        filters={
          <StatusSegments
            label={t('codeLists.statusFilter')}
            value={status}
            onChange={setStatus}
            options={[
              { value: 'all', label: t('codeLists.statusAll') },
              { value: 'true', label: t('codeLists.statusActive') },
              { value: 'false', label: t('codeLists.statusInactive') },
            ]}
          />
        }
        add={{ label: t('codeLists.add'), onClick: () => setForm({ item: null }) }}
        table={{ label: t(`codeLists.lists.${list}`), minWidth: 900 }}
        columns={columns}
        rowKey={(item) => item.uid}
        query={items}
        filtered={filtered}
        emptyLabel={t('codeLists.empty')}
        onClearFilters={() => {
          setSearchText('');
          setStatus('all');
        }}
        onPage={setPage}
      />
      {!ordering && (
        <Text size="xs" c="dimmed">
          {t('codeLists.moveHint')}
        </Text>
      )}
      {form && <CodeListItemModal list={list} item={form.item} onClose={() => setForm(null)} />}
    </>
  );
}
