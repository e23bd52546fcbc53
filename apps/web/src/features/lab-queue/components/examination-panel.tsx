import {
  canCall,
  canMove,
  type RegistrationStatus,
} from '@klinikita/domain/registrations/registration.rules';
import type { LabPreAss, Registration } from '@klinikita/domain/registrations/registration.schema';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowBackUp, IconCircleDashed, IconUserSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import {
  type RegistrationPatch,
  useLabPreAss,
  usePatchRegistration,
} from '../../../shared/registrations/registrations-api.ts';
import { StatusBadge } from '../../../shared/registrations/status-badge.tsx';
import { useCollectLabSpecimen, useLabSpecimens } from '../api/lab-specimens-api.ts';
import { LabOrderSummary } from './lab-results-order.tsx';
import { LabResultsPanel } from './lab-results-panel.tsx';
import { LabSpecimensCard } from './lab-specimens-card.tsx';
import { LEGEND_COLORS, LegendIcon, type LegendKind } from './legend-icon.tsx';

export type ExaminationVariant = 'lab' | 'mcu' | 'radiology' | 'physio';

interface Step {
  kind: LegendKind;
  label: string;
  done: boolean;
  patch: (value: boolean) => RegistrationPatch['updateField'];
  /** Done another way than the flag patch (a lab visit's containers), without an undo. */
  set?: () => void;
}

interface Move {
  to: RegistrationStatus;
  label: string;
}

/** The status moves the lab (or physio) makes from the status shown. */
function movesFrom(status: RegistrationStatus, physio: boolean, t: (key: string) => string): Move[] {
  const start = physio ? t('labQueue.page.startTherapy') : t('labQueue.page.startExam');
  const finish = physio ? t('labQueue.page.finishTherapy') : t('labQueue.page.finishExam');
  const moves: Move[] = [];
  if (canCall(status)) moves.push({ to: 'Examination', label: start });
  if (status === 'Examination') moves.push({ to: 'Exam Done', label: finish });
  if (status === 'Exam Done') moves.push({ to: 'Payment', label: t('labQueue.page.toPayment') });
  return moves.filter((m) => canMove(status, m.to));
}

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

      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          {physio ? t('labQueue.page.stepsPhysio') : t('labQueue.page.steps')}
        </Text>
        <SimpleGrid cols={{ base: 1, lg: steps.length }} spacing="sm">
          {steps.map((step) => (
            <StepCard
              key={step.kind}
              step={step}
              pending={pending === step.kind}
              disabled={patch.isPending}
              onSet={(value) => (step.set ? step.set() : send(step.kind, step.patch(value)))}
            />
          ))}
        </SimpleGrid>
      </Card>

      <Card withBorder padding="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Text fw={600}>{t('labQueue.page.statusTitle')}</Text>
            <span data-testid="exam-status">
              <StatusBadge status={reg.status} size="md" />
            </span>
          </Group>
          <Group gap="sm">
            {moves.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('labQueue.page.noMove')}
              </Text>
            )}
            {moves.map((move) => (
              <Button
                key={move.to}
                onClick={() => confirmMove(move)}
                loading={pending === move.to}
                disabled={patch.isPending}
              >
                {move.label}
              </Button>
            ))}
          </Group>
        </Group>
      </Card>
      {labVisit && <LabSpecimensCard registrationId={reg._id} />}
      {labVisit && <LabResultsPanel registrationId={reg._id} />}
    </Stack>
  );
}

function StepCard({
  step,
  pending,
  disabled,
  onSet,
}: {
  step: Step;
  pending: boolean;
  disabled: boolean;
  onSet: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const color = LEGEND_COLORS[step.kind];
  return (
    <Paper withBorder p="sm" radius="md" bg={step.done ? `${color}.0` : undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {step.done ? (
          <Group gap="xs" wrap="nowrap">
            <LegendIcon kind={step.kind} size={22} />
            <div>
              <Text size="sm" fw={600}>
                {step.label}
              </Text>
              <Text size="xs" c="dimmed">
                {t('labQueue.page.done')}
              </Text>
            </div>
          </Group>
        ) : (
          <Button
            variant="outline"
            color={color}
            leftSection={<IconCircleDashed size={18} />}
            loading={pending}
            disabled={disabled && !pending}
            onClick={() => onSet(true)}
          >
            {step.label}
          </Button>
        )}
        {step.done && !step.set && (
          <Tooltip label={t('labQueue.page.undo', { step: step.label })}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('labQueue.page.undo', { step: step.label })}
              loading={pending}
              disabled={disabled && !pending}
              onClick={() => onSet(false)}
            >
              <IconArrowBackUp size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {!step.done && (
          <Text size="xs" c="dimmed">
            {t('labQueue.page.notDone')}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

function PatientBanner({ reg, lab }: { reg: Registration; lab: boolean }) {
  const { t } = useTranslation();
  const none = t('labQueue.page.none');
  const p = reg.patient;
  const payer = reg.company?.name ?? reg.insuranceName ?? t(`labQueue.page.payer${reg.payerType}`);
  const fields: { label: string; value: ReactNode }[] = [
    { label: t('labQueue.page.mrn'), value: p.mrn },
    { label: t('labQueue.page.age'), value: t('labQueue.page.ageValue', p.age) },
    { label: t('labQueue.page.sex'), value: t(`labQueue.page.sex${p.sex}`) },
    { label: t('labQueue.page.payer'), value: payer },
    { label: t('labQueue.page.service'), value: reg.serviceType ?? none },
    { label: t('labQueue.page.status'), value: t(`registrations.statuses.${reg.status}`) },
    { label: t('labQueue.page.referrer'), value: reg.referrer || none },
    ...(reg.doctor ? [{ label: t('labQueue.page.doctor'), value: reg.doctor.name }] : []),
  ];
  const complaint = (
    <>
      <Text size="xs" c="dimmed" mt="xs">
        {t('labQueue.page.complaint')}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {reg.complaint || none}
      </Text>
    </>
  );
  return (
    <Card withBorder padding="md" data-testid="patient-banner">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <Badge
          size="xl"
          radius="sm"
          variant="filled"
          ff="monospace"
          title={t('labQueue.page.queueNumber')}
          aria-label={`${t('labQueue.page.queueNumber')} ${reg.queueNumber}`}
        >
          {reg.queueNumber}
        </Badge>
        <div>
          <Title order={3}>{p.title ? `${p.title}. ${p.name}` : p.name}</Title>
          <Text size="sm" c="dimmed">
            {p.mrn} · {p.dob}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {fields.map((f) => (
          <div key={f.label}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text size="sm" fw={500}>
              {f.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {lab ? <LabOrderSummary registrationId={reg._id} fallback={complaint} /> : complaint}
    </Card>
  );
}
