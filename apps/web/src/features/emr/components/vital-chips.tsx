import {
  VITAL_NAMES,
  VITALS,
  type VitalName,
  vitalFlag,
} from '@klinikita/domain/consultations/consultation.rules';
import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import type { Encounter } from '../api/record-api.ts';

const number = (value: number, locale: string) => value.toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID');

/** The vitals measured at a visit, each flagged when outside the adult normal range. */
export function VitalChips({ encounter: e }: { encounter: Encounter }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const chips: ReactNode[] = [];
  if (e.systolic != null || e.diastolic != null) {
    const flag = vitalFlag('systolic', e.systolic) ?? vitalFlag('diastolic', e.diastolic);
    chips.push(
      <Chip key="bp" label={t('consultations.vitals.bloodPressure')} flag={flag}>
        {`${e.systolic ?? '–'}/${e.diastolic ?? '–'} mmHg`}
      </Chip>,
    );
  }
  for (const name of VITAL_NAMES.filter(
    (n): n is Exclude<VitalName, 'systolic' | 'diastolic'> => n !== 'systolic' && n !== 'diastolic',
  )) {
    const value = e[name];
    if (value == null) continue;
    chips.push(
      <Chip key={name} label={t(`consultations.vitals.${name}`)} flag={vitalFlag(name, value)}>
        {`${number(value, locale)} ${VITALS[name].unit}`}
      </Chip>,
    );
  }
  if (e.bmi != null)
    chips.push(
      <Chip key="bmi" label={t('consultations.vitals.bmi')} flag={null}>
        {number(e.bmi, locale)}
      </Chip>,
    );
  if (!chips.length)
    return (
      <Text size="sm" c="dimmed">
        {t('emr.visit.noVitals')}
      </Text>
    );
  return <Group gap={6}>{chips}</Group>;
}

function Chip({
  label,
  flag,
  children,
}: {
  label: string;
  flag: 'low' | 'high' | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={flag ? 'red' : 'gray'}
      radius="sm"
      size="md"
      style={{ textTransform: 'none', fontWeight: 500 }}
      title={flag ? t(`consultations.flags.${flag}`) : undefined}
    >
      {label}: {children}
      {flag && ` ${flag === 'high' ? '↑' : '↓'}`}
    </Badge>
  );
}
