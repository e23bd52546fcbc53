import { formatRupiah } from '@klinikita/domain/common/format';
import { type ImportResult, SERVICE_GROUPS, type Service } from '@klinikita/domain/services/service.schema';
import type { ImportRefusalAnswer } from '@klinikita/domain/services/services.contract';
import { Badge, Button, FileButton, Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import {
  confirmToggle,
  type ListColumn,
  ListPage,
  StatusSegments,
  showActionFailure,
  statusColumns,
  toggleFeedback,
  useFilterPage,
} from '../../../shared/ui/list-page.tsx';
import { exportUrl, useImportServices, useServices, useSetServiceActive } from '../api/services-api.ts';
import { type ImportOutcome, ImportResultModal } from '../components/import-result-modal.tsx';
import { ServiceFormDrawer } from '../components/service-form-drawer.tsx';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

type StatusFilter = 'all' | 'true' | 'false';

/** `/Layanan/masterLayanan`: the corporate's services and their tariffs, searched and paged on the server. */
export function ServiceMasterPage() {
  const { t, i18n } = useTranslation();
  const canManage = usePermissions().has('service.manage');
  const [searchText, setSearchText] = useState('');
  const [group, setGroup] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const active = status === 'all' ? undefined : status;
  const groupFilter = (group ?? undefined) as Service['group'] | undefined;
  const [page, setPage] = useFilterPage(JSON.stringify([search, group, active]));
  const services = useServices({
    search: search || undefined,
    group: groupFilter,
    active,
    page,
    limit: PAGE_SIZE,
  });
  const [form, setForm] = useState<{ uid: string | null } | null>(null);
  const [imported, setImported] = useState<ImportOutcome | null>(null);
  const setActive = useSetServiceActive();
  const importFile = useImportServices();
  const nameOf = (s: Service) => (i18n.language === 'en' ? s.nameEn : s.nameId);

  function toggle(service: Service) {
    const activate = !service.active;
    confirmToggle({
      activate,
      title: activate ? t('services.reactivateTitle') : t('services.deactivateTitle'),
      message: t(activate ? 'services.reactivateConfirm' : 'services.deactivateConfirm', {
        name: `${service.code} ${nameOf(service)}`,
      }),
      confirm: activate ? t('services.reactivate') : t('services.deactivate'),
      cancel: t('services.cancel'),
      onConfirm: () => setActive.mutate({ uid: service.uid, active: activate }, toggleFeedback),
    });
  }

  function upload(file: File | null) {
    if (!file) return;
    importFile.mutate(file, {
      onSuccess: (res) => setImported({ result: res.data as ImportResult }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) {
          const data = error.data as ImportRefusalAnswer['data'];
          setImported({ refusal: { message: error.message, issues: data.issues } });
        } else showActionFailure(error);
      },
    });
  }

  const text = (value: string) => <Text size="sm">{value}</Text>;
  const columns: ListColumn<Service>[] = [
    {
      key: 'code',
      header: t('services.colCode'),
      th: { w: 130 },
      cell: (s) => (
        <Text size="sm" ff="monospace">
          {s.code}
        </Text>
      ),
    },
    {
      key: 'name',
      header: t('services.colName'),
      cell: (s) => (
        <>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {nameOf(s)}
            </Text>
            {s.isPackage && (
              <Badge size="xs" variant="outline">
                {t('services.package')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {[
              i18n.language === 'en' ? s.nameId : s.nameEn,
              s.specialist,
              s.icd9Code && `ICD-9-CM ${s.icd9Code}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </>
      ),
    },
    {
      key: 'group',
      header: t('services.colGroup'),
      th: { w: 120 },
      cell: (s) => text(t(`services.groups.${s.group}`)),
    },
    { key: 'unit', header: t('services.colUnit'), th: { w: 110 }, cell: (s) => text(s.unit) },
    {
      key: 'tax',
      header: t('services.colTax'),
      th: { w: 100 },
      cell: (s) => text(t(`services.taxes.${s.taxCategory}`)),
    },
    {
      key: 'price',
      header: t('services.colPrice'),
      th: { w: 120, ta: 'right' },
      td: { ta: 'right', style: { whiteSpace: 'nowrap' } },
      cell: (s) =>
        s.generalPrice === null ? (
          <Text size="xs" c="dimmed">
            {t('services.noPrice')}
          </Text>
        ) : (
          text(formatRupiah(s.generalPrice))
        ),
    },
    ...statusColumns<Service>({
      headers: { status: t('services.colStatus'), actions: t('services.colActions') },
      widths: { status: 96, actions: 200 },
      active: (s) => s.active,
      name: (s) => `${s.code} ${nameOf(s)}`,
      badge: [t('services.active'), t('services.inactive')],
      edit: { label: t('services.edit'), onClick: (s) => setForm({ uid: s.uid }) },
      toggle: {
        on: t('services.reactivate'),
        off: t('services.deactivate'),
        disabled: () => !canManage,
        onClick: toggle,
      },
    }),
  ];

  return (
    <ListPage
      title={t('services.title')}
      subtitle={t('services.subtitle')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('services.searchPlaceholder'),
        label: t('services.search'),
        basis: '240px',
      }}
      filters={
        <>
          <Select
            aria-label={t('services.groupFilter')}
            placeholder={t('services.allGroups')}
            clearable
            w={170}
            data={SERVICE_GROUPS.map((g) => ({ value: g, label: t(`services.groups.${g}`) }))}
            value={group}
            onChange={setGroup}
          />
          <StatusSegments
            label={t('services.statusFilter')}
            value={status}
            onChange={setStatus}
            options={[
              { value: 'all', label: t('services.statusAll') },
              { value: 'true', label: t('services.statusActive') },
              { value: 'false', label: t('services.statusInactive') },
            ]}
          />
          {canManage && (
            <>
              <Button
                component="a"
                href={exportUrl()}
                download
                variant="default"
                leftSection={<IconDownload size={14} />}
              >
                {t('services.export')}
              </Button>
              <FileButton
                onChange={upload}
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    loading={importFile.isPending}
                    leftSection={<IconUpload size={14} />}
                  >
                    {t('services.import')}
                  </Button>
                )}
              </FileButton>
            </>
          )}
        </>
      }
      add={canManage ? { label: t('services.add'), onClick: () => setForm({ uid: null }) } : null}
      table={{ label: t('services.list'), minWidth: 1080 }}
      columns={columns}
      rowKey={(s) => s.uid}
      query={services}
      filtered={Boolean(searchText.trim()) || group !== null || status !== 'all'}
      emptyLabel={t('services.empty')}
      onClearFilters={() => {
        setSearchText('');
        setGroup(null);
        setStatus('all');
      }}
      onPage={setPage}
    >
      {form && (
        <ServiceFormDrawer
          uid={form.uid}
          canManage={canManage}
          onSaved={(uid) => setForm({ uid })}
          onClose={() => setForm(null)}
        />
      )}
      {imported && <ImportResultModal outcome={imported} onClose={() => setImported(null)} />}
    </ListPage>
  );
}
