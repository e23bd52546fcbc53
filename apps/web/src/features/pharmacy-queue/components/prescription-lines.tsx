import { Alert, Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconReplace } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PharmacyPrescription, PrescriptionLine } from '../api/pharmacy-queue-api.ts';
import { formatDay, formatQuantity } from './rx-format.ts';

/**
 * The prescription's lines as the pharmacist works them: what the doctor wrote (dose, frequency,
 * route, quantity, signa), the stock at the pharmacy and its batches first-expiry-first, the
 * automatic flags (allergy in red, duplicated therapy), a racikan's ingredients and a substitution.
 */
export function PrescriptionLines({
  prescription,
  onSubstitute,
}: {
  prescription: PharmacyPrescription;
  /** Shown while the lines may still change (null: no substitution now). */
  onSubstitute: ((line: PrescriptionLine) => void) | null;
}) {
  return (
    <Stack gap="sm">
      {prescription.lines.map((line) => (
        <LineCard key={line.line} line={line} onSubstitute={onSubstitute} />
      ))}
    </Stack>
  );
}

function LineCard({
  line,
  onSubstitute,
}: {
  line: PrescriptionLine;
  onSubstitute: ((line: PrescriptionLine) => void) | null;
}) {
  const { t } = useTranslation();
  const { item } = line;
  const unit = line.baseUnit ?? item.unit;
  const short = line.available !== null && line.available < line.owed;
  return (
    <Card
      withBorder
      padding="sm"
      data-testid={`rx-line-${line.line}`}
      bd={line.flags.allergy ? '2px solid var(--mantine-color-red-6)' : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap={6}>
              <Text fw={700}>
                {line.line + 1}. {line.substitute ? line.substitute.name : item.name}
              </Text>
              {item.kind === 'compound' && (
                <Badge color="grape" variant="light" size="sm">
                  {t('pharmacyQueue.racikan')}
                </Badge>
              )}
              <Badge
                size="sm"
                variant={line.labelColour === 'blue' ? 'filled' : 'outline'}
                color={line.labelColour === 'blue' ? 'blue' : 'gray'}
              >
                {t(
                  line.labelColour === 'blue'
                    ? 'pharmacyQueue.detail.labelBlue'
                    : 'pharmacyQueue.detail.labelWhite',
                )}
              </Badge>
            </Group>
            {line.genericName && (
              <Text size="xs" c="dimmed">
                {line.genericName}
              </Text>
            )}
          </Stack>
          {onSubstitute && item.kind === 'drug' && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconReplace size={14} />}
              onClick={() => onSubstitute(line)}
            >
              {t('pharmacyQueue.substitute.open')}
            </Button>
          )}
        </Group>

        {line.flags.allergy && (
          <Alert color="red" variant="filled" py={4} icon={<IconAlertTriangle size={16} />}>
            {t('pharmacyQueue.detail.allergyFlag', { allergy: line.flags.allergy })}
          </Alert>
        )}
        {line.flags.duplicateOf !== null && (
          <Alert color="orange" variant="light" py={4} icon={<IconAlertTriangle size={16} />}>
            {t('pharmacyQueue.detail.duplicateFlag', { line: line.flags.duplicateOf + 1 })}
          </Alert>
        )}
        {line.substitute && (
          <Text size="sm" c="orange.8">
            {t('pharmacyQueue.detail.substituted', {
              from: item.name,
              reason: line.substitute.reason,
              by: line.substitute.byName ?? '—',
            })}
          </Text>
        )}

        <Group gap="lg">
          <Field label={t('pharmacyQueue.detail.dose')} value={item.dose} />
          <Field label={t('pharmacyQueue.detail.frequency')} value={item.frequency} />
          <Field label={t('pharmacyQueue.detail.route')} value={t(`consultations.routes.${item.route}`)} />
          <Field
            label={t('pharmacyQueue.detail.quantity')}
            value={`${formatQuantity(item.quantity)} ${item.unit}${
              item.durationDays ? ` · ${t('pharmacyQueue.detail.duration', { days: item.durationDays })}` : ''
            }`}
          />
        </Group>
        <Field label={t('pharmacyQueue.detail.signa')} value={line.signa} strong />
        {item.instructions && (
          <Field label={t('pharmacyQueue.detail.instructions')} value={item.instructions} />
        )}

        {line.ingredients.length > 0 && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('pharmacyQueue.detail.ingredients')}
            </Text>
            <List size="sm" spacing={0}>
              {line.ingredients.map((ing) => (
                <List.Item key={`${ing.name}-${ing.itemUid}`}>
                  {ing.name}: {formatQuantity(ing.quantity)} {ing.baseUnit ?? ''}
                  {ing.available !== null && (
                    <Text span size="sm" c={ing.available < ing.quantity ? 'red.7' : 'dimmed'}>
                      {' '}
                      ({t('pharmacyQueue.detail.available')} {formatQuantity(ing.available)})
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}

        {line.available === null ? (
          item.kind === 'drug' && (
            <Text size="sm" c="dimmed">
              {t('pharmacyQueue.detail.notInStock')}
            </Text>
          )
        ) : (
          <Group gap="lg" align="flex-start">
            <Field
              label={t('pharmacyQueue.detail.available')}
              value={`${formatQuantity(line.available)} ${unit}`}
              colour={short ? 'red.7' : undefined}
              hint={short ? t('pharmacyQueue.detail.short') : undefined}
            />
            {line.dispensed > 0 && (
              <Field
                label={t('pharmacyQueue.detail.dispensed')}
                value={`${formatQuantity(line.dispensed)} ${unit}`}
              />
            )}
            <Field label={t('pharmacyQueue.detail.owed')} value={`${formatQuantity(line.owed)} ${unit}`} />
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('pharmacyQueue.detail.batches')}
              </Text>
              {line.batches.length === 0 ? (
                <Text size="sm" c="red.7">
                  {t('pharmacyQueue.detail.noBatches')}
                </Text>
              ) : (
                line.batches.map((b) => (
                  <Text key={b.batchNumber} size="sm" ff="monospace">
                    {t('pharmacyQueue.detail.batchLine', {
                      batch: b.batchNumber,
                      expiry: formatDay(b.expiryDate),
                      quantity: formatQuantity(b.quantity),
                      unit,
                    })}
                  </Text>
                ))
              )}
            </Stack>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function Field({
  label,
  value,
  strong,
  colour,
  hint,
}: {
  label: string;
  value: string;
  strong?: boolean;
  colour?: string;
  hint?: string;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : 400} c={colour}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c={colour}>
          {hint}
        </Text>
      )}
    </Stack>
  );
}
