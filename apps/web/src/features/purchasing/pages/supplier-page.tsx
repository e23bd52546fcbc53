import { Badge, Button, SegmentedControl, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { type ListColumn, ListPage, useFilterPage } from '../../../shared/ui/list-page.tsx';
import { type Supplier, useSuppliers } from '../api/purchasing-api.ts';
import { formatNpwp } from '../components/purchasing-format.ts';
import { SupplierForm } from '../components/supplier-form.tsx';

type Active = 'all' | 'true' | 'false';

/** `/supplier`: the corporate's suppliers, searched, by active, paged; added and changed in a form. */
export function SupplierPage() {
  const { t } = useTranslation();
  const manage = usePermissions().has('purchasing.manage');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [active, setActive] = useState<Active>('all');
  const [page, setPage] = useFilterPage(JSON.stringify([search, active]));
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const query = useSuppliers({
    search: search || undefined,
    active: active === 'all' ? undefined : active,
    page,
    limit: 20,
  });
  const columns: ListColumn<Supplier>[] = [
    {
      key: 'name',
      header: t('purchasing.screen.colName'),
      cell: (s) => (
        <>
          <Text size="sm" fw={500}>
            {s.name}
          </Text>
          {s.address && (
            <Text size="xs" c="dimmed">
              {s.address}
            </Text>
          )}
        </>
      ),
    },
    { key: 'npwp', header: t('purchasing.screen.npwp'), cell: (s) => formatNpwp(s.npwp) },
    {
      key: 'contact',
      header: t('purchasing.screen.colContact'),
      cell: (s) => [s.contactPerson, s.phone, s.email].filter(Boolean).join(' · ') || '–',
    },
    {
      key: 'terms',
      header: t('purchasing.screen.colTerms'),
      cell: (s) => t('purchasing.screen.days', { count: s.paymentTermsDays }),
    },
    {
      key: 'status',
      header: t('purchasing.screen.colStatus'),
      cell: (s) => (
        <Badge color={s.active ? 'teal' : 'gray'} variant="light">
          {s.active ? t('purchasing.screen.active') : t('purchasing.screen.inactive')}
        </Badge>
      ),
    },
    ...(manage
      ? [
          {
            key: 'edit',
            header: '',
            td: { ta: 'right' as const },
            cell: (s: Supplier) => (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => setEditing(s)}
                aria-label={`${t('purchasing.screen.edit')} ${s.name}`}
              >
                {t('purchasing.screen.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title={t('purchasing.screen.titleSupplier')}
      subtitle={t('purchasing.screen.subtitleSupplier')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('purchasing.screen.searchSupplier'),
        label: t('purchasing.screen.search'),
        basis: '260px',
      }}
      filters={
        <SegmentedControl
          aria-label={t('purchasing.screen.status')}
          value={active}
          onChange={(v) => setActive(v as Active)}
          data={[
            { value: 'all', label: t('purchasing.screen.all') },
            { value: 'true', label: t('purchasing.screen.active') },
            { value: 'false', label: t('purchasing.screen.inactive') },
          ]}
        />
      }
      add={manage ? { label: t('purchasing.screen.add'), onClick: () => setEditing('new') } : null}
      table={{ label: t('purchasing.screen.titleSupplier'), minWidth: 760 }}
      columns={columns}
      rowKey={(s) => s.uid}
      query={query}
      filtered={Boolean(search) || active !== 'all'}
      emptyLabel={t('purchasing.screen.empty')}
      onClearFilters={() => {
        setSearchText('');
        setActive('all');
      }}
      onPage={setPage}
    >
      {editing && (
        <SupplierForm supplier={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </ListPage>
  );
}
