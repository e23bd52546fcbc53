import {
  listReleasedLabPatients,
  type ReleasedCriticalValue,
} from '@klinikita/domain/results/lab-print.contract';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../../../shared/api/contract-client.ts';
import { formatResultNumber } from '../../../shared/lab/lab-number.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { releaseMarks } from './release-marks.ts';

/** One critical value as the doctor reads it: 'Hemoglobin 6,2 g/dL (Kritis rendah)'. */
export function criticalValueText(v: ReleasedCriticalValue, t: TFunction, locale: string): string {
  const value =
    v.value === null ? '–' : typeof v.value === 'number' ? formatResultNumber(v.value, locale) : v.value;
  return t('doctorQueue.criticalAlert.value', {
    parameter: locale === 'en' ? v.nameEn : v.nameId,
    value: v.unit ? `${value} ${v.unit}` : value,
    flag: t(`doctorQueue.criticalAlert.flag.${v.flag}`),
  });
}

export const criticalItems = (values: readonly ReleasedCriticalValue[], t: TFunction, locale: string) =>
  values.map((v) => criticalValueText(v, t, locale)).join(', ');

/** Which critical releases this user has been told of (per patient, the release time). */
const announcedMarks = releaseMarks('labCriticalAnnounced');
/** The same in memory, should the browser keep no storage: told once in this tab all the same. */
const announcedHere = new Set<string>();

/**
 * Tells the doctor on the queue screens of a critical lab value (issue 16 §1): a red notification
 * that stays until closed, naming the patient and the critical values, once per release — a
 * release already told of is not told again after a reload or a refetch, a newer one (an
 * amendment) is. The released list is refetched on the live `lab.result.released`, so a release
 * made while the doctor works shows at once.
 */
export function CriticalLabAlert() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const released = useContractQuery(listReleasedLabPatients, {}, { staleTime: 30_000 });
  const locale = i18n.language;
  useEffect(() => {
    for (const p of released.data ?? []) {
      const id = `lab-critical-${p.patientUid}-${p.releasedAt}`;
      const told = announcedMarks.read(user._id)[p.patientUid];
      if (!p.critical || announcedHere.has(`${user._id}:${id}`) || (told && told >= p.releasedAt)) continue;
      announcedHere.add(`${user._id}:${id}`);
      announcedMarks.mark(user._id, p.patientUid, p.releasedAt);
      notifications.show({
        id,
        color: 'red',
        autoClose: false,
        withCloseButton: true,
        // ahead of the other toasts when more wait than show
        priority: 1,
        icon: <IconAlertTriangle size={18} />,
        title: t('doctorQueue.criticalAlert.title', { name: p.patientName }),
        message: (
          <Stack gap={2} data-testid="critical-lab-alert">
            {p.criticalValues.map((v) => (
              <Text key={`${v.nameId}-${v.flag}`} size="sm" fw={600}>
                {criticalValueText(v, t, locale)}
              </Text>
            ))}
            <Text size="xs" c="dimmed">
              {t('doctorQueue.criticalAlert.open')}
            </Text>
          </Stack>
        ),
      });
    }
  }, [released.data, user._id, t, locale]);
  return null;
}
