import { ActionIcon, Button, Card, Group, Paper, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RegistrationPatch } from '../../../shared/registrations/registrations-api.ts';
import { LEGEND_COLORS, LegendIcon, type LegendKind } from './legend-icon.tsx';

export interface Step {
  kind: LegendKind;
  label: string;
  done: boolean;
  patch: (value: boolean) => RegistrationPatch['updateField'];
  /** Done another way than the flag patch (a lab visit's containers), without an undo. */
  set?: () => void;
}

/** The steps of the examination, each a button until done (then with an undo, unless `set`). */
export function ExaminationSteps({
  steps,
  physio,
  pending,
  disabled,
  onSet,
}: {
  steps: Step[];
  physio: boolean;
  /** The step being sent, for its button's spinner. */
  pending: string | null;
  disabled: boolean;
  onSet: (step: Step, value: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
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
            disabled={disabled}
            onSet={(value) => onSet(step, value)}
          />
        ))}
      </SimpleGrid>
    </Card>
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
