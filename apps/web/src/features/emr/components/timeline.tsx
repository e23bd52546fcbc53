import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { type Encounter, useTimeline } from '../api/record-api.ts';
import { AddendumModal } from './addendum-modal.tsx';
import { VisitCard } from './visit-card.tsx';

/** Every visit at the user's clinics, newest first, a page at a time. */
export function Timeline({ patientUid }: { patientUid: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const timeline = useTimeline(patientUid);
  const [addendumFor, setAddendumFor] = useState<Encounter | null>(null);
  const visits = timeline.data?.pages.flatMap((p) => p.docs) ?? [];
  const total = timeline.data?.pages[0]?.totalDocs ?? 0;

  if (timeline.isLoading)
    return (
      <Center py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('web.common.loading')}
          </Text>
        </Group>
      </Center>
    );
  if (timeline.isError && !timeline.data)
    return (
      <Text size="sm" c="red" py="md">
        {t('web.common.loadFailed')}
      </Text>
    );
  if (!visits.length)
    return (
      <Text size="sm" c="dimmed" py="md">
        {t('emr.timeline.empty')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('emr.timeline.count', { shown: visits.length, total })}
      </Text>
      {visits.map((e) => (
        <VisitCard
          key={e.uid}
          encounter={e}
          canAddAddendum={user.DoctorId != null}
          onAddAddendum={setAddendumFor}
          timeZone={user.timeZone}
        />
      ))}
      {timeline.hasNextPage && (
        <Center>
          <Button
            variant="default"
            loading={timeline.isFetchingNextPage}
            onClick={() => timeline.fetchNextPage()}
          >
            {t('emr.timeline.more')}
          </Button>
        </Center>
      )}
      <AddendumModal encounter={addendumFor} onClose={() => setAddendumFor(null)} />
    </Stack>
  );
}
