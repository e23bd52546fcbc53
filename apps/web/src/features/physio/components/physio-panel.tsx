import { Alert, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { type LiveListener, useLiveRegistrations } from '../../../shared/live/live-events.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { type PhysioVisit, usePhysioVisit } from '../api/physio-api.ts';
import { PhysioAssessmentForm } from './physio-assessment-form.tsx';
import { PhysioPainTrend } from './physio-pain-trend.tsx';
import { PhysioProgrammeCard } from './physio-programme-card.tsx';
import { PhysioSessionForm } from './physio-session-form.tsx';

/**
 * The physiotherapy of the visit in `?id=` (issue 16 §3): the doctor's referral; on the first
 * visit the assessment that opens the programme; then the programme card, this visit's session
 * note (one per visit) and the pain trend.
 */
export function PhysioPanel({ registrationId }: { registrationId: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const visit = usePhysioVisit(registrationId);
  const client = useQueryClient();
  // a session noted in another tab or by a colleague: the visit's change refetches this panel
  const onEvent = useCallback<LiveListener>(
    (_type, event) => {
      if (!event.id || event.id === registrationId) void client.invalidateQueries({ queryKey: ['physio'] });
    },
    [client, registrationId],
  );
  useLiveRegistrations(visit.data?.clinicId, onEvent);
  if (visit.isLoading)
    return (
      <Center py="md">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('physio.loading')}
          </Text>
        </Group>
      </Center>
    );
  if (!visit.data)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {visit.error instanceof ApiError && visit.error.status !== 500
          ? visit.error.message
          : t('physio.loadFailed')}
      </Alert>
    );
  const data = visit.data;
  const programme = data.programme;
  const timeZone = user.clinics.find((c) => c.id === data.clinicId)?.timeZone;
  const active = programme?.status === 'active';
  return (
    <Stack gap="md" data-testid="physio-panel">
      <ReferralBanner visit={data} />
      {!programme || (!active && !data.session && programme.registrationId !== data.registrationId) ? (
        <PhysioAssessmentForm visit={data} />
      ) : (
        <>
          <PhysioProgrammeCard
            programme={programme}
            registrationId={data.registrationId}
            timeZone={timeZone}
          />
          {data.session ? (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
              {t('physio.session.noted', { n: data.session.sessionNumber })}
            </Alert>
          ) : !active ? (
            <Alert color="gray" icon={<IconInfoCircle size={18} />}>
              {t('physio.session.closed')}
            </Alert>
          ) : programme.remaining === 0 ? (
            <Alert color="blue" icon={<IconInfoCircle size={18} />}>
              {t('physio.session.allDone')}
            </Alert>
          ) : (
            <PhysioSessionForm
              key={programme.uid}
              registrationId={data.registrationId}
              programme={programme}
            />
          )}
          <PhysioPainTrend programme={programme} />
        </>
      )}
    </Stack>
  );
}

function ReferralBanner({ visit }: { visit: PhysioVisit }) {
  const { t } = useTranslation();
  const o = visit.order;
  const none = t('physio.none');
  const ordered = Boolean(o.clinicName || o.diagnosis || o.note);
  const items = o.items.join(', ');
  return (
    <Card withBorder padding="md" bg="blue.0" component="section" aria-label={t('physio.referral.title')}>
      <Text fw={600} mb={4}>
        {t('physio.referral.title')}
      </Text>
      {!ordered ? (
        <Text size="sm" c="dimmed">
          {t('physio.referral.direct')}
          {items ? ` · ${t('physio.referral.items')}: ${items}` : ''}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 4 }} spacing="sm">
          <Item label={t('physio.referral.doctor')} value={o.doctorName ?? none} />
          <Item label={t('physio.referral.diagnosis')} value={o.diagnosis ?? none} />
          <Item label={t('physio.referral.items')} value={items || none} />
          <Item label={t('physio.referral.note')} value={o.note ?? none} />
        </SimpleGrid>
      )}
    </Card>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}
