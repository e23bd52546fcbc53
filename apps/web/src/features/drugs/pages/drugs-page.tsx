import { formatRupiah } from '@klinikita/domain/common/format';
import type { Drug } from '@klinikita/domain/consultations/consultation.schema';
import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { ListFooter, PagedTable, TableState } from '../../../shared/ui/paged-table.tsx';
import { useDrugs } from '../api/get-drugs.ts';
import { saveInputOf, useSaveDrug } from '../api/save-drug.ts';
import { DrugFormModal } from '../components/drug-form-modal.tsx';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = 8;

type StatusFilter = 'all' | 'true' | 'false';

/** `/Setting/Pharmacy/drug`: the corporate's drug master, searched and paged on the server. */
export function DrugsPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const active = status === 'all' ? undefined : status === 'true';
  // another search or filter starts again from its first page
  const filterKey = JSON.stringify([search, active]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const drugs = useDrugs({ search: search || undefined, active, page, limit: PAGE_SIZE });
  const [form, setForm] = useState<{ drug: Drug | null } | null>(null);
  const save = useSaveDrug();
  const filtered = Boolean(searchText.trim()) || status !== 'all';

  function confirmToggle(drug: Drug) {
    const activate = !drug.active;
    const name = [drug.name, drug.strength].filter(Boolean).join(' ');
    modals.openConfirmModal({
      title: activate ? t('drugs.activateTitle') : t('drugs.deactivateTitle'),
      children: (
        <Text size="sm">{t(activate ? 'drugs.activateConfirm' : 'drugs.deactivateConfirm', { name })}</Text>
      ),
      labels: {
        confirm: activate ? t('drugs.activate') : t('drugs.deactivate'),
        cancel: t('drugs.cancel'),
      },
      confirmProps: { color: activate ? 'teal' : 'red' },
      onConfirm: () =>
        save.mutate(
          { uid: drug.uid, input: saveInputOf(drug, { active: activate }) },
          {
            onSuccess: (res) => notifications.show({ color: 'teal', message: translateMessage(res.message) }),
            onError: (error) => {
              if (error instanceof ApiError && error.status > 0 && error.status < 500) {
                notifications.show({ color: 'orange', message: translateMessage(error.message) });
              } else void reportUnexpectedError(error);
            },
          },
        ),
    });
  }

  const docs = drugs.data?.docs ?? [];
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('drugs.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('drugs.subtitle')}
        </Text>
      </div>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              flex="1 1 260px"
              type="search"
              placeholder={t('drugs.searchPlaceholder')}
              aria-label={t('drugs.search')}
              leftSection={<IconSearch size={14} />}
              rightSection={drugs.isFetching && !drugs.isLoading ? <Loader size={14} /> : null}
              maxLength={100}
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
            />
            <SegmentedControl
              aria-label={t('drugs.statusFilter')}
              value={status}
              onChange={(v) => setStatus(v as StatusFilter)}
              data={[
                { value: 'all', label: t('drugs.statusAll') },
                { value: 'true', label: t('drugs.statusActive') },
                { value: 'false', label: t('drugs.statusInactive') },
              ]}
            />
            <Button leftSection={<IconPlus size={14} />} onClick={() => setForm({ drug: null })}>
              {t('drugs.add')}
            </Button>
          </Group>
          <PagedTable
            label={t('drugs.list')}
            minWidth={940}
            fetching={drugs.isFetching}
            stale={drugs.isPlaceholderData}
            head={
              <>
                <Table.Th>{t('drugs.colName')}</Table.Th>
                <Table.Th w={130}>{t('drugs.colForm')}</Table.Th>
                <Table.Th w={130}>{t('drugs.colStrength')}</Table.Th>
                <Table.Th w={90}>{t('drugs.colUnit')}</Table.Th>
                <Table.Th w={130}>{t('drugs.colKfa')}</Table.Th>
                <Table.Th w={110} ta="right">
                  {t('drugs.colPrice')}
                </Table.Th>
                <Table.Th w={100}>{t('drugs.colStatus')}</Table.Th>
                <Table.Th w={200} ta="right">
                  {t('drugs.colActions')}
                </Table.Th>
              </>
            }
          >
            <TableState
              columns={COLUMNS}
              loading={drugs.isLoading}
              failed={drugs.isError && !drugs.data}
              empty={docs.length === 0}
              filtered={filtered}
              emptyLabel={t('drugs.empty')}
              onClearFilters={() => {
                setSearchText('');
                setStatus('all');
              }}
            />
            {docs.map((d) => {
              const label = [d.name, d.strength].filter(Boolean).join(' ');
              return (
                <Table.Tr key={d.uid}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {d.name}
                    </Text>
                    {d.genericName && d.genericName !== d.name && (
                      <Text size="xs" c="dimmed">
                        {d.genericName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.form}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.strength ?? '–'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.unit}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {d.kfaCode ?? '–'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatRupiah(d.price)}</Text>
                  </Table.Td>
                  <Table.Td miw={96}>
                    <Badge size="sm" variant="light" color={d.active ? 'teal' : 'gray'}>
                      {d.active ? t('drugs.active') : t('drugs.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`${t('drugs.edit')} ${label}`}
                        onClick={() => setForm({ drug: d })}
                      >
                        {t('drugs.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color={d.active ? 'red' : 'teal'}
                        aria-label={`${d.active ? t('drugs.deactivate') : t('drugs.activate')} ${label}`}
                        onClick={() => confirmToggle(d)}
                      >
                        {d.active ? t('drugs.deactivate') : t('drugs.activate')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </PagedTable>
          {drugs.data && (
            <ListFooter
              page={drugs.data.page}
              totalPages={drugs.data.totalPages}
              limit={drugs.data.limit}
              totalDocs={drugs.data.totalDocs}
              onPage={(next) => setPaging({ key: filterKey, page: next })}
            />
          )}
        </Stack>
      </Card>
      {form && <DrugFormModal drug={form.drug} onClose={() => setForm(null)} />}
    </Stack>
  );
}
