import {
  bmiClass,
  bodyMassIndex,
  VITALS,
  type VitalName,
  vitalFlag,
} from '@klinikita/domain/consultations/consultation.rules';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { readVital } from './draft-model.ts';

/** Clinical order: blood pressure, pulse, breathing, temperature, oxygen, then the measurements. */
export const VITAL_ORDER: readonly VitalName[] = [
  'systolic',
  'diastolic',
  'pulse',
  'respiratoryRate',
  'temperature',
  'spo2',
  'weight',
  'height',
];

const FLAG_COLOR = { low: 'blue', high: 'orange' } as const;

function VitalField({
  name,
  text,
  onChange,
}: {
  name: VitalName;
  text: string;
  onChange: (name: VitalName, text: string) => void;
}) {
  const { t } = useTranslation();
  const { value, error } = readVital(name, text);
  const flag = error ? null : vitalFlag(name, value);
  const color = flag ? FLAG_COLOR[flag] : undefined;
  return (
    <TextInput
      size="sm"
      label={t(`consultations.vitals.${name}`)}
      value={text}
      inputMode={VITALS[name].integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      maxLength={6}
      data-vital={name}
      onChange={(e) => onChange(name, e.currentTarget.value)}
      rightSection={
        <Text size="xs" c="dimmed" pr={4}>
          {VITALS[name].unit}
        </Text>
      }
      rightSectionWidth={44}
      error={error ? t(error) : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        flag ? (
          <Text component="span" size="xs" fw={700} c={`${color}.8`} data-testid={`flag-${name}`}>
            {t(`consultations.flags.${flag}`)}
          </Text>
        ) : undefined
      }
      styles={
        flag
          ? {
              input: {
                borderColor: `var(--mantine-color-${color}-6)`,
                color: `var(--mantine-color-${color}-9)`,
                fontWeight: 700,
              },
            }
          : undefined
      }
    />
  );
}

/**
 * Vital signs in clinical order (the tab order follows it); a reading that cannot be right gets
 * the shared schema's message, an abnormal one is flagged; BMI follows weight and height.
 */
export const VitalsSection = memo(function VitalsSection({
  texts,
  onChange,
}: {
  texts: Record<VitalName, string>;
  onChange: (name: VitalName, text: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const weight = readVital('weight', texts.weight);
  const height = readVital('height', texts.height);
  const bmi = weight.error || height.error ? null : bodyMassIndex(weight.value, height.value);
  const cls = bmiClass(bmi);
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs" verticalSpacing={6}>
      {VITAL_ORDER.map((name) => (
        <VitalField key={name} name={name} text={texts[name]} onChange={onChange} />
      ))}
      <Stack gap={2} data-testid="bmi">
        <Text size="sm" fw={500}>
          {t('consultations.vitals.bmi')}
        </Text>
        {bmi === null ? (
          <Text size="xs" c="dimmed" pt={6}>
            {t('examination.vitals.bmiEmpty')}
          </Text>
        ) : (
          <div>
            <Text fw={700} lh={1.6}>
              {bmi.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'id-ID')}
            </Text>
            {cls && (
              <Text
                size="xs"
                fw={600}
                c={cls === 'normal' ? 'teal.8' : cls === 'under' || cls === 'over' ? 'yellow.9' : 'orange.8'}
              >
                {t(`consultations.bmiClass.${cls}`)}
              </Text>
            )}
          </div>
        )}
      </Stack>
    </SimpleGrid>
  );
});
