import type { McuStation } from '@klinikita/domain/mcu/mcu-stations';
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useMcuExam } from '../api/mcu-exam-api.ts';
import { ConclusionPanel } from './conclusion-panel.tsx';
import { ExposureForm } from './exposure-form.tsx';
import { StationForm } from './station-form.tsx';

const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** A participant: identity, the checklist (done / left), a tab per station, exposures, the conclusion. */
export function ParticipantExam({ uid, onBack }: { uid: string; onBack: () => void }) {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) => t(`mcuExam.screen.${key}`, params);
  const permissions = usePermissions();
  const exam = useMcuExam(uid);
  const [tab, setTab] = useState<string | null>(null);
  if (exam.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  if (exam.isError || !exam.data) return <Alert color="red">{s('failed')}</Alert>;
  const e = exam.data;
  const p = e.participant;
  const left = e.stations.filter((x) => !x.recorded).map((x) => t(`mcuStations.station.${x.station}`));
  const active = tab ?? e.stations.find((x) => !x.recorded)?.station ?? e.stations[0]?.station ?? 'exposures';
  const canExamine = permissions.has('mcu.examine');

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
          {s('back')}
        </Button>
        <Badge
          size="lg"
          variant="light"
          color={p.status === 'approved' ? 'teal' : p.status === 'done' ? 'blue' : 'yellow'}
        >
          {s(`status.${p.status}`)}
        </Badge>
      </Group>
      <Card withBorder padding="sm" data-testid="mcu-identity">
        <Group gap="xl" wrap="wrap">
          <Stack gap={0}>
            <Text fw={700}>{p.name}</Text>
            <Text size="sm" c="dimmed">
              {p.mcuNumber} · {s('employeeNumber')} {p.employeeNumber}
            </Text>
          </Stack>
          <Text size="sm">
            {s('nik')}: {p.nik} · {s('birthDate')}: {day(p.birthDate)} · {p.sex === 'M' ? 'L' : 'P'}
          </Text>
          <Text size="sm">
            {e.company.name} · {p.department ?? '–'} · {p.job ?? '–'}
          </Text>
          <Text size="sm">
            {s('event')}: {e.event.name} · {s('package')}: {e.package.name}
          </Text>
        </Group>
      </Card>
      <Group gap="xs" data-testid="mcu-checklist">
        <Text size="sm" fw={600}>
          {s('checklist')}:
        </Text>
        {e.stations.map((x) => (
          <Badge
            key={x.station}
            variant={x.recorded ? 'filled' : 'outline'}
            color={x.recorded ? 'teal' : 'gray'}
            leftSection={x.recorded ? <IconCheck size={12} /> : <IconClock size={12} />}
          >
            {t(`mcuStations.station.${x.station}`)}
          </Badge>
        ))}
        <Text size="sm" c={left.length ? 'orange.8' : 'teal'}>
          {left.length ? s('stationsLeft', { stations: left.join(', ') }) : s('allDone')}
        </Text>
      </Group>
      {!e.editable && <Alert color="teal">{s('readOnly')}</Alert>}
      <Group align="flex-start" gap="md" wrap="wrap">
        <Tabs value={active} onChange={setTab} flex="3 1 560px" keepMounted={false}>
          <Tabs.List>
            {e.stations.map((x) => (
              <Tabs.Tab key={x.station} value={x.station} color={x.recorded ? 'teal' : undefined}>
                {t(`mcuStations.station.${x.station}`)}
              </Tabs.Tab>
            ))}
            <Tabs.Tab value="exposures">{s('exposures')}</Tabs.Tab>
          </Tabs.List>
          {e.stations.map((x) => (
            <Tabs.Panel key={x.station} value={x.station} pt="sm">
              {x.station === 'lab' ? (
                <Stack gap="xs">
                  <Text size="sm">
                    {s('labStatus')}: <b>{s(`labStatuses.${e.lab?.status ?? 'none'}`)}</b>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {s('labNote')}
                  </Text>
                </Stack>
              ) : (
                <StationForm
                  key={`${uid}-${x.station}-${x.result?.examined?.at ?? 'new'}`}
                  participantUid={uid}
                  station={x.station as McuStation}
                  result={x.result}
                  editable={e.editable && canExamine && !!p.visitUid}
                />
              )}
            </Tabs.Panel>
          ))}
          <Tabs.Panel value="exposures" pt="sm">
            <ExposureForm key={uid} exam={e} />
          </Tabs.Panel>
        </Tabs>
        <Stack gap="sm" flex="1 1 300px">
          <Card withBorder padding="sm" data-testid="mcu-findings">
            <Text fw={600} size="sm" mb={4}>
              {s('allFindings')}
            </Text>
            {e.findings.length ? (
              e.findings.map((f) => (
                <Text key={`${f.station}-${f.text}`} size="sm">
                  <Text span c="dimmed" size="xs">
                    {t(`mcuStations.station.${f.station}`)}:
                  </Text>{' '}
                  {f.text}
                </Text>
              ))
            ) : (
              <Text size="sm" c="teal">
                {s('noFindings')}
              </Text>
            )}
          </Card>
          {permissions.has('mcu.conclude') && (
            <Card withBorder padding="sm">
              <ConclusionPanel key={`${uid}-${e.conclusions[0]?.uid ?? 'none'}`} exam={e} />
            </Card>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
