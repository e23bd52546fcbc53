import { Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconStethoscope } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { whenIdle } from '../../../shared/when-idle.ts';
import { patientLabel } from '../queue-params.ts';
import { CALL_NEXT_KEY, CallNextButton, useWaitingToday } from './call-next-button.tsx';

const openPatientChunk = () => import('./open-patient.tsx');
const OpenPatient = lazy(() => openPatientChunk().then((m) => ({ default: m.OpenPatient })));

/** No patient open: say what to do, and offer to call the next one. */
function PickPatient() {
  const { t } = useTranslation();
  const { rows, next, loading } = useWaitingToday();
  return (
    <Card padding="xl">
      <Center>
        <Stack align="center" gap="sm" maw={420} ta="center" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconStethoscope size={30} />
          </ThemeIcon>
          <Text size="md">{t('doctorQueue.page.pickPatient')}</Text>
          {!loading && (
            <Text size="sm" c="dimmed" data-testid="next-patient">
              {next
                ? `${t('doctorQueue.page.waitingCount', { count: rows.length })} · ${t(
                    'doctorQueue.page.next',
                    {
                      queueNumber: next.queueNumber,
                      name: patientLabel(next),
                    },
                  )}`
                : t('doctorQueue.page.noneWaiting')}
            </Text>
          )}
          <CallNextButton />
          <Text size="xs" c="dimmed">
            {t('doctorQueue.page.shortcut', { key: CALL_NEXT_KEY })}
          </Text>
        </Stack>
      </Center>
    </Card>
  );
}

/**
 * `/Doctor/doctor` (route Doctor-doctor): the patient the sidebar opened (`?id=`), with the moves
 * the doctor makes now; without one, a prompt to pick a patient and "Panggil berikutnya".
 * Live: the layout's sidebar keeps every registration query of the working clinic fresh.
 */
export function DoctorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  // the note's code loads once the queue is drawn, so that opening a patient does not wait for it
  useEffect(() => whenIdle(() => void openPatientChunk().catch(() => undefined)), []);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('doctorQueue.page.title')}
        </Title>
        {id && <CallNextButton variant="light" />}
      </Group>
      {id ? (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <OpenPatient key={id} id={id} />
        </Suspense>
      ) : (
        <PickPatient />
      )}
    </Stack>
  );
}
