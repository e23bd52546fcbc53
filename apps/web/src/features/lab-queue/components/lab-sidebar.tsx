import { firstRoute } from '@klinikita/domain/access/menu';
import { ROLES } from '@klinikita/domain/access/roles';
import { cutName, queueNumberPart } from '@klinikita/domain/patients/patient.rules';
import {
  LAB_FILTER_SERVICES,
  type LabFilterService,
} from '@klinikita/domain/registrations/registration.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import {
  ActionIcon,
  Button,
  Center,
  Group,
  Indicator,
  Loader,
  NavLink,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconFilter, IconRefresh, IconSearch, IconStethoscope } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useLiveRegistrations } from '../../../shared/live/live-events.ts';
import { pathByName } from '../../../shared/navigation.ts';
import { useLabList } from '../../../shared/registrations/registrations-api.ts';
import { menuScreenCount, useCanOpen } from '../../../shared/session/route-access.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import {
  clinicTodayIso,
  type DateFilter,
  dateQuery,
  displayDate,
  effectiveServices,
  readLabServices,
  type SidebarVariant,
  writeLabServices,
} from '../lab-filter.ts';
import { broadcastPhysioPatient } from '../physio-broadcast.ts';
import { LabFilterModal, type LabFilterValue } from './lab-filter-modal.tsx';
import { LegendIcon, type LegendKind } from './legend-icon.tsx';

/** Spec 9 reads 100000 in one place and 50 in another: 50 at a time, with "load more". */
export const LAB_PAGE_SIZE = 50;
const NAME_LENGTH = 15;
const LEGEND: readonly LegendKind[] = ['examDone', 'radDone', 'samplingDone'];

/** Where a row leads: Lab-home-page-mcu at an MCU site, else Lab-home-page-lab; Physio in that variant. */
export function patientTarget(
  variant: SidebarVariant,
  mcuSite: boolean,
  id: string,
  onRadiology = false,
): string {
  // Radiologi works on /Radiology (its menu), where the list opens its patients too
  const name = onRadiology
    ? 'Radiology'
    : variant === 'physio'
      ? 'Physio'
      : mcuSite
        ? 'Lab-home-page-mcu'
        : 'Lab-home-page-lab';
  return `${pathByName(name)}?id=${encodeURIComponent(id)}`;
}

function sameServices(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((s) => b.includes(s));
}

/**
 * The lab / MCU / physio patient sidebar (spec 2.7): today's service patients of the working
 * clinic, searched and filtered on the server, kept live by the clinic's event stream.
 */
export function LabSidebar({ variant }: { variant: SidebarVariant }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  useLiveRegistrations(clinic?.id);
  const [searchParams] = useSearchParams();
  const selectedId = searchParams.get('id');

  const [storedServices, setStoredServices] = useState<LabFilterService[]>(readLabServices);
  const [date, setDate] = useState<DateFilter>({ mode: 'today' });
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [filterOpened, filterModal] = useDisclosure(false);

  const servicesLocked = variant === 'lab' && user.role.role === ROLES.radiologi;
  const services = effectiveServices(variant, user.role.role, storedServices);
  const todayIso = clinicTodayIso(clinic?.timeZone ?? user.timeZone);
  const dates = dateQuery(date, todayIso);
  // another clinic, filter or search starts again from the first 50
  const filterKey = JSON.stringify([clinic?.id, services, dates, search]);
  const [paging, setPaging] = useState({ key: filterKey, limit: LAB_PAGE_SIZE });
  const limit = paging.key === filterKey ? paging.limit : LAB_PAGE_SIZE;
  const list = useLabList(
    clinic
      ? { clinicId: clinic.id, serviceType: services, ...dates, limit, search: search || undefined }
      : null,
  );
  const rows = list.data?.docs ?? [];
  const total = list.data?.totalDocs ?? rows.length;

  const filterChanged =
    date.mode !== 'today' ||
    (variant === 'lab' && !servicesLocked && !sameServices(storedServices, LAB_FILTER_SERVICES));
  const dateLabel =
    date.mode === 'all'
      ? t('labQueue.allDates')
      : date.mode === 'range'
        ? date.start === date.end
          ? displayDate(date.start)
          : `${displayDate(date.start)} – ${displayDate(date.end)}`
        : t('labQueue.today');

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    const next = searchText.trim();
    if (next === search) void list.refetch();
    else setSearch(next);
  };

  const saveFilter = (value: LabFilterValue) => {
    setDate(value.date);
    if (variant === 'lab' && !servicesLocked) {
      writeLabServices(value.services);
      setStoredServices(value.services);
    }
    filterModal.close();
  };

  // spec 2.7: Back only with more than one menu, to the front office; for those the front office
  // would refuse, to their own home page (where the login lands them), never to "Akses ditolak"
  const canOpen = useCanOpen();
  const frontOffice = pathByName('Registration-patient');
  const backTo = canOpen(frontOffice) ? frontOffice : firstRoute(user.menu);
  const showBack = menuScreenCount(user.menu) > 1;
  const backLabel = backTo === frontOffice ? t('labQueue.back') : t('labQueue.backHome');

  return (
    <Stack gap="xs" p="xs" h="100%" component="section" aria-labelledby="lab-sidebar-title">
      <Group gap={6} wrap="nowrap">
        {showBack && backTo && (
          <Tooltip label={backLabel}>
            <ActionIcon component={Link} to={backTo} variant="subtle" aria-label={backLabel}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Title order={4} id="lab-sidebar-title" flex={1}>
          {t('labQueue.title')}
        </Title>
        {user.DoctorId !== null && (
          <Tooltip label={t('labQueue.doctor')}>
            <ActionIcon
              component={Link}
              to={pathByName('Doctor-doctor')}
              variant="light"
              aria-label={t('labQueue.doctor')}
            >
              <IconStethoscope size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>

      {clinics.length > 1 && clinic && (
        <Select
          size="xs"
          aria-label={t('labQueue.clinic')}
          data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
          value={String(clinic.id)}
          onChange={(v) => v && setClinicId(Number(v))}
          allowDeselect={false}
        />
      )}

      <Group gap={6} wrap="nowrap">
        <Button
          size="compact-sm"
          variant={date.mode === 'all' ? 'filled' : 'default'}
          aria-pressed={date.mode === 'all'}
          onClick={() => setDate(date.mode === 'all' ? { mode: 'today' } : { mode: 'all' })}
        >
          {t('labQueue.allDate')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void list.refetch()}
        >
          {t('labQueue.refresh')}
        </Button>
        <Indicator disabled={!filterChanged} size={8} offset={4} ml="auto">
          <Tooltip label={t('labQueue.setFilter')}>
            <ActionIcon
              variant={filterChanged ? 'light' : 'default'}
              aria-label={
                filterChanged
                  ? `${t('labQueue.filter')} (${t('labQueue.filterActive')})`
                  : t('labQueue.filter')
              }
              onClick={filterModal.open}
            >
              <IconFilter size={16} />
            </ActionIcon>
          </Tooltip>
        </Indicator>
      </Group>

      <form onSubmit={submitSearch}>
        <Group gap={6} wrap="nowrap">
          <TextInput
            flex={1}
            size="xs"
            type="search"
            aria-label={t('labQueue.searchLabel')}
            placeholder={t('labQueue.searchPlaceholder')}
            leftSection={<IconSearch size={14} />}
            maxLength={100}
            value={searchText}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setSearchText(value);
              // clearing the box shows everyone again without another click
              if (!value.trim() && search) setSearch('');
            }}
          />
          <Button type="submit" size="xs">
            {t('labQueue.search')}
          </Button>
        </Group>
      </form>

      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="xs" c="dimmed" data-testid="lab-filter-summary">
          {dateLabel} · {services.join(', ')}
        </Text>
        {list.isFetching && !list.isLoading && <Loader size={12} aria-label={t('labQueue.loading')} />}
      </Group>

      <ScrollArea flex={1} type="auto" offsetScrollbars mx={-4}>
        <div data-testid="lab-rows">
          <PatientRows
            rows={rows}
            variant={variant}
            mcuSite={clinic?.mcuSite ?? false}
            selectedId={selectedId}
          />
          <ListState
            loading={list.isLoading}
            failed={list.isError && !list.data}
            empty={rows.length === 0}
            filtered={Boolean(search) || filterChanged}
          />
        </div>
        {rows.length > 0 && (
          <Stack gap={4} align="center" py="xs">
            <Text size="xs" c="dimmed">
              {t('labQueue.shown', { shown: rows.length, total })}
            </Text>
            {rows.length < total && (
              <Button
                size="compact-xs"
                variant="subtle"
                loading={list.isFetching}
                onClick={() => setPaging({ key: filterKey, limit: limit + LAB_PAGE_SIZE })}
              >
                {t('labQueue.loadMore')}
              </Button>
            )}
          </Stack>
        )}
      </ScrollArea>

      <Stack gap={4} pt={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="xs" fw={600} c="dimmed">
          {t('labQueue.legend')}
        </Text>
        {LEGEND.map((kind) => (
          <Group key={kind} gap={6} wrap="nowrap">
            <LegendIcon kind={kind} size={14} />
            <Text size="xs">{t(`labQueue.${kind}`)}</Text>
          </Group>
        ))}
      </Stack>

      <LabFilterModal
        opened={filterOpened}
        onClose={filterModal.close}
        value={{ date, services: storedServices }}
        todayIso={todayIso}
        withServices={variant === 'lab'}
        servicesLocked={servicesLocked}
        onSave={saveFilter}
      />
    </Stack>
  );
}

function PatientRows({
  rows,
  variant,
  mcuSite,
  selectedId,
}: {
  rows: Registration[];
  variant: SidebarVariant;
  mcuSite: boolean;
  selectedId: string | null;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return rows.map((row) => {
    const selected = row._id === selectedId;
    return (
      <NavLink
        key={row._id}
        component={Link}
        to={patientTarget(variant, mcuSite, row._id, pathname === pathByName('Radiology'))}
        onClick={variant === 'physio' ? () => broadcastPhysioPatient(row._id) : undefined}
        active={selected}
        aria-current={selected ? 'page' : undefined}
        data-testid="lab-row"
        py={4}
        px={8}
        leftSection={
          <Text component="span" size="sm" ff="monospace" fw={700} miw={34}>
            {queueNumberPart(row.queueNumber)}
          </Text>
        }
        label={
          <Text component="span" size="sm" fw={500} title={row.patient.name}>
            {cutName(row.patient.firstName, NAME_LENGTH)}
          </Text>
        }
        description={`${row.serviceType ?? ''} · ${t(`registrations.statuses.${row.status}`)}`}
        rightSection={
          <Group gap={2} wrap="nowrap">
            {row.dataLabPreAss.isDone && <LegendIcon kind="examDone" />}
            {row.dataLabPreAss.radDone && <LegendIcon kind="radDone" />}
            {row.flaggingSamplingDone && <LegendIcon kind="samplingDone" />}
          </Group>
        }
      />
    );
  });
}

function ListState({
  loading,
  failed,
  empty,
  filtered,
}: {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  filtered: boolean;
}) {
  const { t } = useTranslation();
  if (loading)
    return (
      <Center py="lg">
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('labQueue.loading')}
          </Text>
        </Group>
      </Center>
    );
  if (failed)
    return (
      <Text size="sm" c="red" ta="center" py="lg">
        {t('labQueue.loadFailed')}
      </Text>
    );
  if (!empty) return null;
  return (
    <Text size="sm" c="dimmed" ta="center" py="lg">
      {filtered ? t('labQueue.emptyFiltered') : t('labQueue.empty')}
    </Text>
  );
}
