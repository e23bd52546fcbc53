import type { ClinicService } from '@klinikita/domain/services/clinic-services.schema';
import { SERVICE_GROUPS, type ServiceGroup } from '@klinikita/domain/services/service.schema';
import { Alert, Badge, Button, Group, Select, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import {
  confirmToggle,
  type ListColumn,
  ListPage,
  StatusSegments,
  toggleFeedback,
  useFilterPage,
} from '../../../shared/ui/list-page.tsx';
import { useClinicServices } from '../api/get-clinic-services.ts';
import { setInputOf, useSetClinicService } from '../api/save-clinic-service.ts';
import { BulkFormModal } from '../components/bulk-form-modal.tsx';
import { ClinicServiceFormModal } from '../components/clinic-service-form-modal.tsx';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

type OfferedFilter = 'all' | 'true' | 'false';

/** `/Layanan/layanan`: the corporate's services as one clinic offers them (the header's or a chosen clinic). */
export function ClinicServicesPage() {
  const { t } = useTranslation();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  if (!clinic)
    return (
      <Alert color="orange" variant="light">
        {t('clinicServices.noClinic')}
      </Alert>
    );
  return (
    <ClinicServices
      key={clinic.id}
      clinic={clinic}
      clinicOptions={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
      onClinic={setClinicId}
    />
  );
}

function ClinicServices({
  clinic,
  clinicOptions,
  onClinic,
}: {
  clinic: { id: number; name: string };
  clinicOptions: { value: string; label: string }[];
  onClinic: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const canManage = usePermissions().has('clinicService.manage');
  const [searchText, setSearchText] = useState('');
  const [group, setGroup] = useState<ServiceGroup | null>(null);
  const [offered, setOffered] = useState<OfferedFilter>('all');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useFilterPage(JSON.stringify([search, group, offered]));
  const list = useClinicServices(clinic.id, {
    search: search || undefined,
    group: group ?? undefined,
    offered: offered === 'all' ? undefined : offered,
    page,
    limit: PAGE_SIZE,
  });
  const [editing, setEditing] = useState<ClinicService | null>(null);
  const [bulk, setBulk] = useState(false);
  const save = useSetClinicService();

  const nameOf = (s: ClinicService) => (i18n.language === 'en' ? s.nameEn : s.nameId);

  function toggle(row: ClinicService) {
    const send = () =>
      save.mutate(
        {
          params: { clinicId: clinic.id, serviceUid: row.serviceUid },
          body: setInputOf(row, { offered: !row.offered }),
        },
        toggleFeedback,
      );
    if (!row.offered) return send();
    confirmToggle({
      activate: false,
      title: t('clinicServices.stopTitle'),
      message: t('clinicServices.stopConfirm', { name: nameOf(row), clinic: clinic.name }),
      confirm: t('clinicServices.stop'),
      cancel: t('clinicServices.cancel'),
      onConfirm: send,
    });
  }

  const dash = (
    <Text size="sm" c="dimmed">
      –
    </Text>
  );
  const text = (value: string | null, fallback = dash) => (value ? <Text size="sm">{value}</Text> : fallback);
  const placeOf = (s: ClinicService) => {
    if (s.performedAt === 'sister') return s.performerClinic?.name ?? t('clinicServices.performedAt.sister');
    if (s.performedAt === 'external') return t('clinicServices.partnerShort', { name: s.partnerName ?? '' });
    return t('clinicServices.performedAt.here');
  };
  const columns: ListColumn<ClinicService>[] = [
    {
      key: 'code',
      header: t('clinicServices.colCode'),
      th: { w: 110 },
      cell: (s) => (
        <Text size="sm" ff="monospace">
          {s.code}
        </Text>
      ),
    },
    {
      key: 'service',
      header: t('clinicServices.colService'),
      cell: (s) => (
        <>
          <Text size="sm" fw={500}>
            {nameOf(s)}
          </Text>
          <Group gap={4} mt={2}>
            <Badge size="xs" variant="light" color="gray">
              {t(`clinicServices.groups.${s.group}`)}
            </Badge>
            {s.isPackage && (
              <Badge size="xs" variant="light" color="grape">
                {t('clinicServices.package')}
              </Badge>
            )}
            {!s.serviceActive && (
              <Badge size="xs" variant="light" color="red">
                {t('clinicServices.inactiveService')}
              </Badge>
            )}
          </Group>
        </>
      ),
    },
    {
      key: 'offered',
      header: t('clinicServices.colOffered'),
      th: { w: 100 },
      cell: (s) => (
        <Switch
          aria-label={t('clinicServices.offeredToggle', { name: nameOf(s) })}
          checked={s.offered}
          disabled={!canManage || (!s.offered && !s.serviceActive)}
          onChange={() => toggle(s)}
        />
      ),
    },
    {
      key: 'room',
      header: t('clinicServices.colRoom'),
      th: { w: 130 },
      // a service performed at a sister clinic queues in that clinic's room
      cell: (s) =>
        text(
          s.room,
          s.offered && s.desk && s.performedAt !== 'sister' ? text(t('clinicServices.defaultRoom')) : dash,
        ),
    },
    {
      key: 'prefix',
      header: t('clinicServices.colPrefix'),
      th: { w: 70 },
      cell: (s) => text(s.queuePrefix),
    },
    {
      key: 'place',
      header: t('clinicServices.colPerformedAt'),
      th: { w: 180 },
      cell: (s) => (s.offered ? text(placeOf(s)) : dash),
    },
    {
      key: 'tax',
      header: t('clinicServices.colTax'),
      th: { w: 150 },
      cell: (s) =>
        text(
          s.taxOverride
            ? t(`clinicServices.tax.${s.taxOverride}`)
            : t('clinicServices.taxMaster', { tax: t(`clinicServices.tax.${s.taxCategory}`) }),
        ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: t('clinicServices.colActions'),
            th: { w: 90, ta: 'right' as const },
            td: { ta: 'right' as const },
            cell: (s: ClinicService) => (
              <Button
                size="compact-sm"
                variant="default"
                aria-label={`${t('clinicServices.edit')} ${nameOf(s)}`}
                onClick={() => setEditing(s)}
              >
                {t('clinicServices.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage
      title={t('clinicServices.title')}
      subtitle={t('clinicServices.subtitle')}
      search={{
        value: searchText,
        onChange: setSearchText,
        placeholder: t('clinicServices.searchPlaceholder'),
        label: t('clinicServices.search'),
        basis: '220px',
      }}
      filters={
        <>
          {clinicOptions.length > 1 && (
            <Select
              aria-label={t('clinicServices.clinic')}
              w={250}
              allowDeselect={false}
              data={clinicOptions}
              value={String(clinic.id)}
              onChange={(v) => v && onClinic(Number(v))}
            />
          )}
          <Select
            aria-label={t('clinicServices.groupFilter')}
            w={170}
            data={[
              { value: 'all', label: t('clinicServices.groupAll') },
              ...SERVICE_GROUPS.map((g) => ({ value: g, label: t(`clinicServices.groups.${g}`) })),
            ]}
            value={group ?? 'all'}
            allowDeselect={false}
            onChange={(v) => setGroup(!v || v === 'all' ? null : (v as ServiceGroup))}
          />
          <StatusSegments
            label={t('clinicServices.offeredFilter')}
            value={offered}
            onChange={setOffered}
            options={[
              { value: 'all', label: t('clinicServices.offeredAll') },
              { value: 'true', label: t('clinicServices.offeredYes') },
              { value: 'false', label: t('clinicServices.offeredNo') },
            ]}
          />
          {canManage && (
            <Button variant="light" leftSection={<IconStack2 size={14} />} onClick={() => setBulk(true)}>
              {t('clinicServices.bulk')}
            </Button>
          )}
        </>
      }
      table={{ label: t('clinicServices.list'), minWidth: 980 }}
      columns={columns}
      rowKey={(s) => s.serviceUid}
      query={list}
      filtered={Boolean(searchText.trim()) || group !== null || offered !== 'all'}
      emptyLabel={t('clinicServices.empty')}
      onClearFilters={() => {
        setSearchText('');
        setGroup(null);
        setOffered('all');
      }}
      onPage={setPage}
    >
      {!canManage && (
        <Text size="sm" c="dimmed">
          {t('clinicServices.readOnly')}
        </Text>
      )}
      {editing && (
        <ClinicServiceFormModal
          clinic={clinic}
          service={editing}
          name={nameOf(editing)}
          onClose={() => setEditing(null)}
        />
      )}
      {bulk && <BulkFormModal clinic={clinic} group={group} onClose={() => setBulk(false)} />}
    </ListPage>
  );
}
