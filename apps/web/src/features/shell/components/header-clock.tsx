import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatClock, formatLongDate } from '../../../shared/format.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';

/** Spec 9: the clock refreshes every second, the date every 60 seconds. */
export const CLOCK_INTERVAL = 1000;
export const DATE_INTERVAL = 60_000;

function useNow(interval: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), interval);
    return () => clearInterval(timer);
  }, [interval]);
  return now;
}

/** Date with day and month names in the user's language, and a live HH:mm:ss clock. */
export function HeaderClock({ timeZone }: { timeZone?: string }) {
  const time = useNow(CLOCK_INTERVAL);
  const day = useNow(DATE_INTERVAL);
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={500} data-testid="header-date">
        {formatLongDate(day, currentLocale(), timeZone)}
      </Text>
      <Text size="sm" c="dimmed" ff="monospace" data-testid="header-clock">
        {formatClock(time, timeZone)}
      </Text>
    </Stack>
  );
}
