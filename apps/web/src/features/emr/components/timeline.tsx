import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSatusehatVisitStatuses } from '../../../shared/satusehat/satusehat-sync-api.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import type { Encounter, useRecord } from '../api/record-api.ts';
import { AddendumModal } from './addendum-modal.tsx';
import { VisitCard } from './visit-card.tsx';

/** How far below the screen the next page starts loading: it is there before the doctor scrolls to it. */
const AHEAD = '800px';

/**
 * One page of the record's cards. The SATUSEHAT state of its signed visits (their badges) is asked
 * in one call for the page, not one per card; a page loaded later asks for its own visits only.
 */
function VisitPage({
  visits,
  onAddAddendum,
}: {
  visits: Encounter[];
  onAddAddendum: (encounter: Encounter) => void;
}) {
  const user = useSessionUser();
  const allowed = usePermissions().has('satusehat.status');
  const signed = visits.filter((e) => e.status === 'signed').map((e) => e.registration.uid);
  const satusehat = useSatusehatVisitStatuses(signed, allowed);
  return visits.map((e) => (
    <VisitCard
      key={e.uid}
      encounter={e}
      satusehat={satusehat.data?.get(e.registration.uid)}
      canAddAddendum={user.DoctorId != null}
      onAddAddendum={onAddAddendum}
      timeZone={user.timeZone}
    />
  ));
}

/**
 * Every visit at the user's clinics, newest first: the first page came with the record, the next
 * one loads as the doctor scrolls near the end (or presses the button, where the browser cannot
 * watch the scrolling).
 */
export function Timeline({ record, total }: { record: ReturnType<typeof useRecord>; total: number }) {
  const { t } = useTranslation();
  const [addendumFor, setAddendumFor] = useState<Encounter | null>(null);
  const pages = record.data?.pages ?? [];
  const visits = pages.flatMap((p) => p.visits);
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
      {pages.map((p, i) => (
        // a page is known by the cursor it was read after (the first by none)
        <VisitPage
          key={String(record.data?.pageParams[i])}
          visits={p.visits}
          onAddAddendum={setAddendumFor}
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
