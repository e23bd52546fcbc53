import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PharmacyPrescription } from '../api/pharmacy-queue-api.ts';
import { formatMoment } from './rx-format.ts';

const statusText = (t: (k: string) => string, status: string) => {
  const key = `pharmacy.statuses.${status}`;
  const text = t(key);
  return text === key ? status : text;
};

/** The prescription's history: who moved it when, from which status to which, and why. */
export function EventsTimeline({
  prescription,
  timeZone,
}: {
  prescription: PharmacyPrescription;
  timeZone: string;
}) {
  const { t } = useTranslation();
  if (!prescription.events.length)
    return (
      <Text size="sm" c="dimmed">
        {t('pharmacyQueue.detail.noEvents')}
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} active={prescription.events.length - 1} data-testid="rx-events">
      {prescription.events.map((e) => (
        <Timeline.Item
          key={`${e.at}-${e.action}-${e.to}`}
          title={
            <Text size="sm" fw={600}>
              {/* a step that keeps the status (the doctor's answer, a substitute) is named by its action */}
              {e.from === e.to && t(`pharmacy.actions.${e.action}`) !== `pharmacy.actions.${e.action}`
                ? t(`pharmacy.actions.${e.action}`)
                : t('pharmacyQueue.detail.eventLine', {
                    from: statusText(t, e.from),
                    to: statusText(t, e.to),
                  })}
            </Text>
          }
        >
          <Text size="xs" c="dimmed">
            {formatMoment(e.at, timeZone)}
            {e.userName ? ` · ${t('pharmacyQueue.detail.by', { name: e.userName })}` : ''}
          </Text>
          {e.reason && (
            <Text size="sm" data-testid={`rx-event-${e.action}`}>
              {e.action === 'answer' ? e.reason : t('pharmacyQueue.detail.reason', { reason: e.reason })}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
