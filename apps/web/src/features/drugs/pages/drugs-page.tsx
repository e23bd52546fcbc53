import { formatRupiah } from '@klinikita/domain/common/format';
import type { Drug } from '@klinikita/domain/drugs/drug.schema';
import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  confirmToggle,
  type ListColumn,
  ListPage,
  StatusSegments,
  statusColumns,
  toggleFeedback,
  useFilterPage,
} from '../../../shared/ui/list-page.tsx';
import { useDrugs } from '../api/get-drugs.ts';
import { saveInputOf, useSaveDrug } from '../api/save-drug.ts';
import { DrugFormModal } from '../components/drug-form-modal.tsx';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

type StatusFilter = 'all' | 'true' | 'false';

const drugName = (drug: Drug) => [drug.name, drug.strength].filter(Boolean).join(' ');

/** `/Setting/Pharmacy/drug`: the corporate's drug master, searched and paged on the server. */
export function DrugsPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const active = status === 'all' ? undefined : status;
  const [page, setPage] = useFilterPage(JSON.stringify([search, active]));
  const drugs = useDrugs({ search: search || undefined, active, page, limit: PAGE_SIZE });
  const [form, setForm] = useState<{ drug: Drug | null } | null>(null);
  const save = useSaveDrug();

  function toggle(drug: Drug) {
    const activate = !drug.active;
    confirmToggle({
      activate,
      title: activate ? t('drugs.activateTitle') : t('drugs.deactivateTitle'),
      message: t(activate ? 'drugs.activateConfirm' : 'drugs.deactivateConfirm', { name: drugName(drug) }),
      confirm: activate ? t('drugs.activate') : t('drugs.deactivate'),
      cancel: t('drugs.cancel'),
      onConfirm: () =>
        save.mutate({ uid: drug.uid, input: saveInputOf(drug, { active: activate }) }, toggleFeedback),
    });
  }

  const text = (value: string) => <Text size="sm">{value}</Text>;
  const columns: ListColumn<Drug>[] = [
    {
      key: 'name',
      header: t('drugs.colName'),
      cell: (d) => (
        <>
          <Text size="sm" fw={500}>
            {d.name}
          </Text>
          {d.genericName && d.genericName !== d.name && (
            <Text size="xs" c="dimmed">
              {d.genericName}
            </Text>
          )}
        </>
      ),
    },
    { key: 'form', header: t('drugs.colForm'), th: { w: 130 }, cell: (d) => text(d.form) },
    { key: 'strength', header: t('drugs.colStrength'), th: { w: 130 }, cell: (d) => text(d.strength ?? '–') },
    { key: 'unit', header: t('drugs.colUnit'), th: { w: 90 }, cell: (d) => text(d.unit) },
    {
      key: 'kfa',
      header: t('drugs.colKfa'),
      th: { w: 130 },
      cell: (d) => (
        <Text size="sm" ff="monospace">
          {d.kfaCode ?? '–'}
        </Text>
      ),
    },
    {
      key: 'price',
      header: t('drugs.colPrice'),
      th: { w: 110, ta: 'right' },
      td: { ta: 'right', style: { whiteSpace: 'nowrap' } },
      cell: (d) => text(formatRupiah(d.price)),
    },
    ...statusColumns<Drug>({
      headers: { status: t('drugs.colStatus'), actions: t('drugs.colActions') },
      widths: { status: 100, actions: 200 },
      active: (d) => d.active,
      name: drugName,
      badge: [t('drugs.active'), t('drugs.inactive')],
      edit: { label: t('drugs.edit'), onClick: (d) => setForm({ drug: d }) },
      toggle: { on: t('drugs.activate'), off: t('drugs.deactivate'), onClick: toggle },
    }),
  ];

  return (
    <ListPage
      title={t('drugs.title')}
      subtitle={t('drugs.subtitle')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('drugs.searchPlaceholder'),
        label: t('drugs.search'),
        basis: '260px',
      }}
      filters={
        <StatusSegments
          label={t('drugs.statusFilter')}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'all', label: t('drugs.statusAll') },
            { value: 'true', label: t('drugs.statusActive') },
            { value: 'false', label: t('drugs.statusInactive') },
          ]}
        />
      }
      add={{ label: t('drugs.add'), onClick: () => setForm({ drug: null }) }}
      table={{ label: t('drugs.list'), minWidth: 940 }}
      columns={columns}
      rowKey={(d) => d.uid}
      query={drugs}
      filtered={Boolean(searchText.trim()) || status !== 'all'}
      emptyLabel={t('drugs.empty')}
      onClearFilters={() => {
        setSearchText('');
        setStatus('all');
      }}
      onPage={setPage}
    >
      {form && <DrugFormModal drug={form.drug} onClose={() => setForm(null)} />}
    </ListPage>
  );
}
