import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Indicator,
  Kbd,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { IconCalendar, IconFilter, IconFlask, IconHome, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLiveRegistrations } from '../../../shared/live/live-events.ts';
import { pathByName } from '../../../shared/navigation.ts';
import { useAvailableDoctors, useRegistrations } from '../../../shared/registrations/registrations-api.ts';
import { useCanOpen, useServiceModule } from '../../../shared/session/route-access.ts';
import { useQueueDoctor } from '../queue-doctor.ts';
import { DEFAULT_FILTER_STATUSES, listStatuses, queueListBase, queueLists } from '../queue-lists.ts';
import { byQueueNumberDesc, type DateScope, dateQuery, fromIsoDay } from '../queue-params.ts';
import { slashClaimed } from '../slash-target.ts';
import { CriticalLabAlert } from './critical-lab-alert.tsx';
import { HeldPrescriptions } from './held-prescriptions.tsx';
import { type QueueFilter, QueueFilterModal } from './queue-filter-modal.tsx';
import { doctorPagePath, QueueList } from './queue-list.tsx';
import { useCallPatient } from './status-move.tsx';

const SEARCH_DEBOUNCE_MS = 300;
/** Spec 2.8: the Home button is for these roles only. */
const HOME_ROLES = ['Nurse', 'Super Admin'];
/** Spec 2.8 names the one clinic whose Lab button opens the MCU page (2.7's rows follow `mcuSite`). */
const LAB_MCU_CLINIC_ID = 12;

const sameStatuses = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((s) => b.includes(s));

/** Which days the lists show, in words: today, all days, or the range. */
function ScopeLabel({ scope }: { scope: DateScope }) {
  const { t, i18n } = useTranslation();
  const format = (iso: string) =>
    fromIsoDay(iso)?.toLocaleDateString(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }) ?? iso;
  const text =
    scope.kind === 'today'
      ? t('doctorQueue.scope.today')
      : scope.kind === 'all'
        ? t('doctorQueue.scope.all')
        : t('doctorQueue.scope.range', { from: format(scope.from), to: format(scope.to) });
  return (
    <Text size="xs" c="dimmed" data-testid="queue-scope">
      {text}
    </Text>
  );
}

/**
 * The doctor's patient-queue sidebar (spec 2.8): Patient List with search, All date and a filter;
 * Home and Lab buttons; the upper list (examination or later) and the lower list (waiting, with
 * Call). Rows open the patient on Doctor-doctor; the lists follow the clinic's live events.
 */
export function DoctorQueueSidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const selectedId = searchParams.get('id');
  const { user, clinic, clinics, setClinicId, isDoctor, doctorId, setPickedDoctorId } = useQueueDoctor();
  const clinicId = clinic?.id ?? null;
  useLiveRegistrations(clinicId);
  const doctors = useAvailableDoctors(isDoctor ? null : clinicId);

  const searchRef = useRef<HTMLInputElement>(null);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<QueueFilter>({
    statuses: [...DEFAULT_FILTER_STATUSES],
    scope: { kind: 'today' },
  });
  const [filterOpen, setFilterOpen] = useState(false);
  // an open examination takes `/` for its diagnosis search
  useHotkeys([['/', () => !slashClaimed() && searchRef.current?.focus()]]);

  const { upper, lower } = listStatuses(filter.statuses);
  // the first answer of each list is usually in already: the router asked for it with the same
  // params as the navigation began (queue-lists.ts firstQueueLists)
  const lists = clinic
    ? queueLists(
        queueListBase(clinic.id, doctorId, {
          search: search || undefined,
          ...dateQuery(filter.scope, clinic.timeZone),
        }),
        filter.statuses,
      )
    : { upper: null, lower: null };
  const upperList = useRegistrations(lists.upper);
  const lowerList = useRegistrations(lists.lower);
  // spec 8: a list that cannot be loaded is simply empty
  const upperRows = useMemo(
    () => [...(upperList.isError ? [] : (upperList.data?.docs ?? []))].sort(byQueueNumberDesc),
    [upperList.data, upperList.isError],
  );
  const lowerRows = useMemo(
    () => [...(lowerList.isError ? [] : (lowerList.data?.docs ?? []))].sort(byQueueNumberDesc),
    [lowerList.data, lowerList.isError],
  );

  const onCalled = useCallback((r: Registration) => navigate(doctorPagePath(r._id)), [navigate]);
  const { call, pendingId } = useCallPatient(onCalled);

  // spec 2.8: Home and Lab only with the service module, and each only where the user may go
  const canOpen = useCanOpen();
  const serviceModule = useServiceModule();
  const homePath = pathByName('Registration-patient');
  const showHome = serviceModule && HOME_ROLES.includes(user.role.role) && canOpen(homePath);
  const labPath = pathByName(clinicId === LAB_MCU_CLINIC_ID ? 'Lab-home-page-mcu' : 'Lab-home-page-lab');
  const showLab = serviceModule && canOpen(labPath);
  const filtered = !sameStatuses(filter.statuses, DEFAULT_FILTER_STATUSES) || filter.scope.kind === 'range';
  const refreshing = upperList.isFetching || lowerList.isFetching;
  const showDates = filter.scope.kind !== 'today';

  const toggleAllDate = () =>
    setFilter((f) => ({ ...f, scope: f.scope.kind === 'all' ? { kind: 'today' } : { kind: 'all' } }));
  const refresh = () => {
    void upperList.refetch();
    void lowerList.refetch();
  };

  return (
    <Stack
      gap="xs"
      p="sm"
      h="100%"
      style={{ minHeight: 0 }}
      aria-label={t('doctorQueue.title')}
      component="section"
    >
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Title order={2} size="h5">
          {t('doctorQueue.title')}
        </Title>
        <Group gap={4} wrap="nowrap">
          {showHome && (
            <Tooltip label={t('doctorQueue.homeHint')}>
              <Button
                component={Link}
                to={homePath}
                size="compact-sm"
                variant="default"
                leftSection={<IconHome size={14} />}
              >
                {t('doctorQueue.home')}
              </Button>
            </Tooltip>
          )}
          {showLab && (
            <Tooltip label={t('doctorQueue.labHint')}>
              <Button
                component={Link}
                to={labPath}
                size="compact-sm"
                variant="default"
                leftSection={<IconFlask size={14} />}
              >
                {t('doctorQueue.lab')}
              </Button>
            </Tooltip>
          )}
        </Group>
      </Group>

      {clinics.length > 1 && clinic && (
        <Select
          size="xs"
          label={t('doctorQueue.clinic')}
          data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
          value={String(clinic.id)}
          allowDeselect={false}
          onChange={(v) => {
            if (!v) return;
            setClinicId(Number(v));
            setPickedDoctorId(null);
          }}
        />
      )}
      {!isDoctor && (
        <Select
          size="xs"
          label={t('doctorQueue.doctor')}
          placeholder={t('doctorQueue.allDoctors')}
          data={(doctors.data ?? []).map((d) => ({ value: String(d.doctorId), label: d.name }))}
          value={doctorId ? String(doctorId) : null}
          clearable
          searchable
          nothingFoundMessage={t('doctorQueue.noDoctors')}
          onChange={(v) => setPickedDoctorId(v ? Number(v) : null)}
        />
      )}

      <TextInput
        ref={searchRef}
        size="xs"
        type="search"
        aria-label={t('doctorQueue.search')}
        placeholder={t('doctorQueue.searchPlaceholder')}
        leftSection={<IconSearch size={14} />}
        rightSection={search && refreshing ? <Loader size={12} /> : <Kbd size="xs">/</Kbd>}
        maxLength={100}
        value={searchText}
        onChange={(e) => setSearchText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setSearchText('');
        }}
      />
      <Group gap={6} wrap="nowrap">
        <Button
          size="compact-sm"
          variant={filter.scope.kind === 'all' ? 'filled' : 'default'}
          aria-pressed={filter.scope.kind === 'all'}
          leftSection={<IconCalendar size={14} />}
          onClick={toggleAllDate}
        >
          {t('doctorQueue.allDate')}
        </Button>
        <Indicator disabled={!filtered} size={8} offset={3}>
          <ActionIcon
            variant="default"
            size={26}
            aria-label={t('doctorQueue.filter.open')}
            onClick={() => setFilterOpen(true)}
          >
            <IconFilter size={14} />
          </ActionIcon>
        </Indicator>
        <ActionIcon variant="default" size={26} aria-label={t('doctorQueue.refresh')} onClick={refresh}>
          <IconRefresh size={14} />
        </ActionIcon>
        <div style={{ flex: 1, minWidth: 0, textAlign: 'right' }}>
          <ScopeLabel scope={filter.scope} />
        </div>
      </Group>

      {isDoctor && <HeldPrescriptions timeZone={clinic?.timeZone} />}
      <Divider />
      <QueueList
        label={t('doctorQueue.upper')}
        rows={upperRows}
        loading={upperList.isLoading}
        excluded={upper.length === 0}
        emptyLabel={t('doctorQueue.upperEmpty')}
        selectedId={selectedId}
        showDates={showDates}
      />
      <Divider />
      <QueueList
        label={t('doctorQueue.lower')}
        rows={lowerRows}
        loading={lowerList.isLoading}
        excluded={lower.length === 0}
        emptyLabel={t('doctorQueue.lowerEmpty')}
        selectedId={selectedId}
        showDates={showDates}
        onCall={call}
        callingId={pendingId}
      />

      <CriticalLabAlert />
      <QueueFilterModal
        opened={filterOpen}
        value={filter}
        onClose={() => setFilterOpen(false)}
        onSave={(next) => {
          setFilter(next);
          setFilterOpen(false);
        }}
      />
    </Stack>
  );
}
