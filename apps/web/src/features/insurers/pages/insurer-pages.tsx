import { formatRupiah } from '@klinikita/domain/common/format';
import { INSURER_KINDS } from '@klinikita/domain/insurers/insurer.schema';
import { Anchor, Badge, Button, Group, Modal, SegmentedControl, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import {
  confirmToggle,
  type ListColumn,
  ListPage,
  toggleFeedback,
  useFilterPage,
} from '../../../shared/ui/list-page.tsx';
import { type Insurer, useDeactivateInsurer, useInsurers } from '../api/insurers-api.ts';
import { InsurerForm } from '../components/insurer-form.tsx';

type Active = 'all' | 'true' | 'false';
type Kind = (typeof INSURER_KINDS)[number];

/**
 * `/MedicalServices/Insurance`: the insurers, TPAs and BPJS searched by name or code, by kind and
 * active, paged; added and changed in a form (contact, payment terms, coverage), deactivated with
 * a confirmation. Without `insurer.manage` the list is read only.
 */
export function InsurancePage() {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) => t(`insurers.screen.${key}`, params);
  const manage = usePermissions().has('insurer.manage');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [active, setActive] = useState<Active>('all');
  const [kind, setKind] = useState<Kind | null>(null);
  const [page, setPage] = useFilterPage(JSON.stringify([search, active, kind]));
  const [editing, setEditing] = useState<Insurer | 'new' | null>(null);
  const deactivate = useDeactivateInsurer();
  const query = useInsurers({
    search: search || undefined,
    kind: kind ?? undefined,
    active: active === 'all' ? undefined : active,
    page,
    limit: 20,
  });
  const money = (amount: number | null) => (amount === null ? s('noCeiling') : formatRupiah(amount));
  const copayText = (i: Insurer) =>
    i.copayType === 'none'
      ? t('insurers.copayTypes.none')
      : i.copayType === 'percent'
        ? `${i.copayValue}%`
        : formatRupiah(i.copayValue);

  const columns: ListColumn<Insurer>[] = [
    {
      key: 'name',
      header: s('name'),
      cell: (i) => (
        <>
          {manage ? (
            <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setEditing(i)}>
              {i.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500}>
              {i.name}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {[i.code, i.contactName, i.phone].filter(Boolean).join(' · ')}
          </Text>
        </>
      ),
    },
    { key: 'kind', header: s('kind'), cell: (i) => t(`insurers.kinds.${i.kind}`) },
    { key: 'terms', header: s('paymentTermDays'), td: { ta: 'right' }, cell: (i) => i.paymentTermDays },
    {
      key: 'coverage',
      header: s('coverage'),
      cell: (i) => (
        <>
          <Text size="sm">
            {s('ceilingPerVisit')}: {money(i.ceilingPerVisit)}
          </Text>
          <Text size="xs" c="dimmed">
            {s('ceilingPerYear')}: {money(i.ceilingPerYear)} · {s('copayType')}: {copayText(i)}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: s('status'),
      td: { miw: 100 },
      cell: (i) => (
        <Badge color={i.active ? 'teal' : 'gray'} variant="light">
          {i.active ? s('active') : s('inactive')}
        </Badge>
      ),
    },
    ...(manage
      ? [
          {
            key: 'actions',
            header: '',
            cell: (i: Insurer) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="compact-sm" variant="subtle" onClick={() => setEditing(i)}>
                  {s('edit')}
                </Button>
                {i.active && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      confirmToggle({
                        activate: false,
                        title: s('deactivate'),
                        message: s('confirmDeactivate', { name: i.name }),
                        confirm: s('deactivate'),
                        cancel: s('cancel'),
                        onConfirm: () => deactivate.mutate({ params: { uid: i.uid } }, toggleFeedback),
                      })
                    }
                  >
                    {s('deactivate')}
                  </Button>
                )}
              </Group>
            ),
          } satisfies ListColumn<Insurer>,
        ]
      : []),
  ];

  return (
    <ListPage
      title={s('title')}
      subtitle={s('subtitle')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: s('searchPlaceholder'),
        label: s('search'),
        basis: '260px',
      }}
      filters={
        <>
          <Select
            aria-label={s('kind')}
            placeholder={s('kind')}
            clearable
            w={160}
            data={INSURER_KINDS.map((k) => ({ value: k, label: t(`insurers.kinds.${k}`) }))}
            value={kind}
            onChange={(v) => setKind(v as Kind | null)}
          />
          <SegmentedControl
            aria-label={s('status')}
            value={active}
            onChange={(v) => setActive(v as Active)}
            data={[
              { value: 'all', label: s('all') },
              { value: 'true', label: s('active') },
              { value: 'false', label: s('inactive') },
            ]}
          />
        </>
      }
      add={manage ? { label: s('add'), onClick: () => setEditing('new') } : null}
      table={{ label: s('title'), minWidth: 900 }}
      columns={columns}
      rowKey={(i) => i.uid}
      query={query}
      filtered={Boolean(search) || active !== 'all' || kind !== null}
      emptyLabel={s('empty')}
      onClearFilters={() => {
        setSearchText('');
        setActive('all');
        setKind(null);
      }}
      onPage={setPage}
    >
      {editing && (
        <Modal
          opened
          onClose={() => setEditing(null)}
          title={s(editing === 'new' ? 'newTitle' : 'editTitle')}
          size="lg"
          closeOnClickOutside={false}
        >
          <InsurerForm
            insurer={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={() => setEditing(null)}
          />
        </Modal>
      )}
    </ListPage>
  );
}
