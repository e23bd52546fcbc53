import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useFilterPage } from '../../../shared/ui/list-page.tsx';
import { useMcuEvents } from '../api/mcu-events-api.ts';
import { EventDetail } from '../components/event-detail.tsx';
import { EventForm } from '../components/event-form.tsx';
import { formatDay, STATUS_COLOR, screenT } from '../components/mcu-format.ts';
import { PackagesTab } from '../components/packages-tab.tsx';
import { ProgressBar } from '../components/progress-bar.tsx';

/**
 * `/Registration/daftarPerusahaan` (issue 20 §2): the companies' MCU events with their progress
 * (registered, in progress, done, approved); an event (`?event=`) opens its participants, the
 * import and the check-in. The MCU packages' stations are a tab; the companies a link away.
 */
export function McuEventsPage() {
  const { t } = useTranslation();
  const s = screenT(t);
  const permissions = usePermissions();
  const canManage = permissions.has('mcu.manage');
  const [params, setParams] = useSearchParams();
  const open = params.get('event');
  const tab = params.get('tab') === 'packages' ? 'packages' : 'events';
  if (open) return <EventDetail uid={open} canManage={canManage} onBack={() => setParams({})} />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{s('title')}</Title>
          <Text size="sm" c="dimmed">
            {s('subtitle')}
          </Text>
        </div>
        {permissions.has('company.manage') && (
          <Anchor component={Link} to="/Registration/perusahaanRekanan" size="sm">
            {s('tabCompanies')}
          </Anchor>
        )}
      </Group>
      <Tabs value={tab} onChange={(v) => setParams(v === 'packages' ? { tab: 'packages' } : {})}>
        <Tabs.List>
          <Tabs.Tab value="events">{s('tabEvents')}</Tabs.Tab>
          <Tabs.Tab value="packages">{s('tabPackages')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="events" pt="sm">
          {tab === 'events' && (
            <EventsList canManage={canManage} onOpen={(uid) => setParams({ event: uid })} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="packages" pt="sm">
          {tab === 'packages' && <PackagesTab canManage={permissions.has('service.manage')} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function EventsList({ canManage, onOpen }: { canManage: boolean; onOpen: (uid: string) => void }) {
  const { t } = useTranslation();
  const s = screenT(t);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [status, setStatus] = useState<'' | 'open' | 'closed'>('');
  const [page, setPage] = useFilterPage(JSON.stringify([search, status]));
  const [adding, setAdding] = useState(false);
  const list = useMcuEvents({ search: search || undefined, status: status || undefined, page, limit: 20 });
  const docs = list.data?.docs ?? [];
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <TextInput
          flex="1 1 260px"
          type="search"
          aria-label={s('search')}
          placeholder={s('search')}
          leftSection={<IconSearch size={14} />}
          value={searchText}
          maxLength={100}
          onChange={(e) => setSearchText(e.currentTarget.value)}
        />
        <Select
          aria-label={s('statusLabel')}
          w={180}
          allowDeselect={false}
          data={[
            { value: '', label: s('allStatuses') },
            { value: 'open', label: t('mcuSetup.status.open') },
            { value: 'closed', label: t('mcuSetup.status.closed') },
          ]}
          value={status}
          onChange={(v) => setStatus((v ?? '') as '' | 'open' | 'closed')}
        />
        {canManage && <Button onClick={() => setAdding(true)}>{s('newEvent')}</Button>}
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover aria-label={s('tabEvents')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{s('event')}</Table.Th>
              <Table.Th>{s('company')}</Table.Th>
              <Table.Th>{s('site')}</Table.Th>
              <Table.Th>{s('dates')}</Table.Th>
              <Table.Th>{s('progress')}</Table.Th>
              <Table.Th>{s('statusLabel')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.map((e) => (
              <Table.Tr key={e.uid}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => onOpen(e.uid)} fw={600} ta="left">
                    {e.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t(`mcuSetup.examType.${e.examType}`)} · {s('total', { count: e.progress.total })}
                  </Text>
                </Table.Td>
                <Table.Td>{e.company.name}</Table.Td>
                <Table.Td>{e.clinicName}</Table.Td>
                <Table.Td>
                  {formatDay(e.startDate)} – {formatDay(e.endDate)}
                </Table.Td>
                <Table.Td>
                  <ProgressBar progress={e.progress} />
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[e.status]} variant="light" miw="max-content">
                    {t(`mcuSetup.status.${e.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && docs.length === 0 && (
        <Text c="dimmed" size="sm">
          {s('empty')}
        </Text>
      )}
      {list.isError && <Alert color="red">{s('failed')}</Alert>}
      {(list.data?.totalPages ?? 1) > 1 && (
        <Pagination value={page} onChange={setPage} total={list.data?.totalPages ?? 1} size="sm" />
      )}
      {adding && (
        <EventForm
          event={null}
          onClose={(uid) => {
            setAdding(false);
            if (uid) onOpen(uid);
          }}
        />
      )}
    </Stack>
  );
}
