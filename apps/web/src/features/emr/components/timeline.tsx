import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import type { Encounter, useRecord } from '../api/record-api.ts';
import { AddendumModal } from './addendum-modal.tsx';
import { VisitCard } from './visit-card.tsx';

/** How far below the screen the next page starts loading: it is there before the doctor scrolls to it. */
const AHEAD = '800px';

/**
 * Every visit at the user's clinics, newest first: the first page came with the record, the next
 * one loads as the doctor scrolls near the end (or presses the button, where the browser cannot
 * watch the scrolling).
 */
export function Timeline({ record, total }: { record: ReturnType<typeof useRecord>; total: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [addendumFor, setAddendumFor] = useState<Encounter | null>(null);
  const visits = record.data?.pages.flatMap((p) => p.visits) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = record;
  // a failed page is not retried by scrolling: the button says so and tries again
  const failed = record.isFetchNextPageError;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = sentinel.current;
    if (
      !target ||
      !hasNextPage ||
      isFetchingNextPage ||
      failed ||
      typeof IntersectionObserver === 'undefined'
    )
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) fetchNextPage();
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, failed, fetchNextPage]);

  if (!visits.length)
    return (
      <Text size="sm" c="dimmed" py="md">
        {t('emr.timeline.empty')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('emr.timeline.count', { shown: visits.length, total: Math.max(total, visits.length) })}
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
      <div ref={sentinel} aria-hidden />
      {isFetchingNextPage && (
        <Center>
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('emr.timeline.loading')}
            </Text>
          </Group>
        </Center>
      )}
      {failed && (
        <Text size="sm" c="red" ta="center" role="alert">
          {t('web.common.loadFailed')}
        </Text>
      )}
      {hasNextPage && !isFetchingNextPage && (
        <Center>
          <Button variant="default" onClick={() => fetchNextPage()}>
            {t('emr.timeline.more')}
          </Button>
        </Center>
      )}
      <AddendumModal encounter={addendumFor} onClose={() => setAddendumFor(null)} />
    </Stack>
  );
}
