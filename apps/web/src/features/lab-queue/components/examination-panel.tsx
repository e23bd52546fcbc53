import type { LabPreAss } from '@klinikita/domain/registrations/registration.schema';
import { Alert, Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconUserSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import {
  type RegistrationPatch,
  useLabPreAss,
  usePatchRegistration,
} from '../../../shared/registrations/registrations-api.ts';
import { useCollectLabSpecimen, useLabSpecimens } from '../api/lab-specimens-api.ts';
import { ExaminationStatus, type Move, movesFrom } from './examination-status.tsx';
import { ExaminationSteps, type Step } from './examination-steps.tsx';
import { LabResultsPanel } from './lab-results-panel.tsx';
import { LabSpecimensCard } from './lab-specimens-card.tsx';
import { PatientBanner } from './patient-banner.tsx';

export type ExaminationVariant = 'lab' | 'mcu' | 'radiology' | 'physio';

/**
 * The examination of the registration in `?id=`: the patient banner, the steps that set the lab
 * flags and the status moves, each sent with the status the screen showed (409 → warning).
 */
export function ExaminationPanel({
  variant,
  registrationId,
  note,
}: {
  variant: ExaminationVariant;
  registrationId: string | null;
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`labQueue.page.${variant}`);
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{title}</Title>
        {note}
      </Group>
      {registrationId ? (
        <Examination
          key={registrationId}
          id={registrationId}
          physio={variant === 'physio'}
          lab={variant === 'lab' || variant === 'mcu'}
        />
      ) : (
        <Card withBorder padding="xl">
          <Center>
            <Stack align="center" gap="xs" maw={460} py="xl">
              <ThemeIcon variant="light" size={48} radius="xl">
                <IconUserSearch size={26} />
              </ThemeIcon>
              <Text fw={600}>{t('labQueue.page.pickTitle')}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {variant === 'physio' ? t('labQueue.page.pickPhysio') : t('labQueue.page.pick')}
              </Text>
            </Stack>
          </Center>
        </Card>
      )}
    </Stack>
  );
}

function Examination({ id, physio, lab }: { id: string; physio: boolean; lab: boolean }) {
  const { t } = useTranslation();
  const exam = useLabPreAss(id);
  const patch = usePatchRegistration();
  const [warning, setWarning] = useState<string | null>(null);
  // the step or status being sent, for its button's spinner
  const [sending, setSending] = useState<string | null>(null);
  const serviceType = exam.data?.registration.serviceType ?? '';
  // a lab visit's sample is its containers: "Sampel diambil" collects those still labelled
  const specimens = useLabSpecimens(id, lab && (serviceType === 'LAB' || serviceType === 'MCU'));
  const collect = useCollectLabSpecimen();

  if (exam.isLoading)
    return (
      <Center py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('labQueue.page.loading')}
          </Text>
        </Group>
      </Center>
    );
  if (!exam.data)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {exam.error instanceof ApiError && exam.error.status === 404
          ? exam.error.message
          : t('labQueue.page.loadFailed')}
      </Alert>
    );

  const data: LabPreAss = exam.data;
  const reg = data.registration;
  // the lab's list holds radiology and treatment visits too: results are for lab and MCU visits
  const labVisit = lab && (reg.serviceType === 'LAB' || reg.serviceType === 'MCU');
  const send = (key: string, updateField: RegistrationPatch['updateField']) => {
    setWarning(null);
    setSending(key);
    patch.mutate(
      { id: reg._id, clinicId: reg.clinicId, fromStatus: reg.status, updateField },
      {
        onSuccess: (answer) => notifications.show({ color: 'teal', message: answer.message }),
        onError: (error) => {
          if (isUnexpectedError(error)) void reportUnexpectedError(error);
          else setWarning(error.message);
        },
      },
    );
  };

  const labelled = (specimens.data?.specimens ?? []).filter((s) => s.status === 'labelled');
  const collectAll = async () => {
    setWarning(null);
    setSending('samplingDone');
    try {
      for (const s of labelled)
        await collect.mutateAsync({ params: { registrationId: reg._id, uid: s.uid } });
    } catch (error) {
      if (isUnexpectedError(error as Error)) void reportUnexpectedError(error as Error);
      else setWarning((error as Error).message);
    } finally {
      setSending(null);
    }
  };
  const byContainers = (specimens.data?.specimens ?? []).some((s) => s.status !== 'rejected');

  const steps: Step[] = physio
    ? [
        {
          kind: 'examDone',
          label: t('labQueue.page.therapyDone'),
          done: data.isDone,
          patch: (v) => ({ dataLabPreAss: { isDone: v } }),
        },
      ]
    : [
        {
          kind: 'samplingDone',
          label: t('labQueue.samplingDone'),
          done: data.flaggingSamplingDone,
          patch: (v) => ({ flaggingSamplingDone: v }),
          ...(byContainers && { set: () => void collectAll() }),
        },
        {
          kind: 'radDone',
          label: t('labQueue.radDone'),
          done: data.radDone,
          patch: (v) => ({ dataLabPreAss: { radDone: v } }),
        },
        {
          kind: 'examDone',
          label: t('labQueue.examDone'),
          done: data.isDone,
          patch: (v) => ({ dataLabPreAss: { isDone: v } }),
        },
      ];
  const pending = patch.isPending || collect.isPending ? sending : null;

  const confirmMove = (move: Move) =>
    modals.openConfirmModal({
      title: t('labQueue.page.confirmTitle'),
      centered: true,
      size: 'sm',
      children: (
        <Text size="sm">
          {t('labQueue.page.confirmMove', {
            queueNumber: reg.queueNumber,
            from: t(`registrations.statuses.${reg.status}`),
            to: t(`registrations.statuses.${move.to}`),
          })}
        </Text>
      ),
      labels: { confirm: t('labQueue.page.confirm'), cancel: t('labQueue.page.keep') },
      onConfirm: () => send(move.to, { status: move.to }),
    });
  const moves = movesFrom(reg.status, physio, t);

  return (
    <Stack gap="md">
      {warning && (
        <Alert
          color="orange"
          title={t('labQueue.page.warning')}
          icon={<IconAlertTriangle size={18} />}
          withCloseButton
          onClose={() => setWarning(null)}
          role="alert"
        >
          {warning}
        </Alert>
      )}
      <PatientBanner reg={reg} lab={labVisit} />

      <ExaminationSteps
        steps={steps}
        physio={physio}
        pending={pending}
        disabled={patch.isPending}
        onSet={(step, value) => (step.set ? step.set() : send(step.kind, step.patch(value)))}
      />
      <ExaminationStatus
        status={reg.status}
        moves={moves}
        pending={pending}
        disabled={patch.isPending}
        onMove={confirmMove}
      />
      {labVisit && <LabSpecimensCard registrationId={reg._id} />}
      {labVisit && <LabResultsPanel registrationId={reg._id} />}
    </Stack>
  );
}
