import type { RangeOfMotionRow, StrengthRow } from '@klinikita/domain/physio/physio.schema';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';

/** A row being typed: numbers may be empty until the form is checked. */
export type RomDraft = { joint: string; movement: string; degrees: number | '' };
export type StrengthDraft = { muscle: string; grade: number | '' };

export const toRom = (rows: RomDraft[]) =>
  rows.map((r) => ({
    joint: r.joint,
    movement: r.movement,
    degrees: r.degrees === '' ? Number.NaN : r.degrees,
  }));
export const toStrength = (rows: StrengthDraft[]) =>
  rows.map((r) => ({ muscle: r.muscle, grade: r.grade === '' ? Number.NaN : r.grade }));

const num = (v: string | number): number | '' => (v === '' ? '' : Number(v));

/**
 * Range of motion rows (joint, movement, degrees 0–360) and manual muscle testing rows (muscle,
 * grade 0–5), added and removed freely; `errors` holds the messages by field path
 * (`<prefix>rangeOfMotion.0.degrees`).
 */
export function PhysioMeasuresFields({
  rom,
  strength,
  onRom,
  onStrength,
  errors,
  prefix,
}: {
  rom: RomDraft[];
  strength: StrengthDraft[];
  onRom: (rows: RomDraft[]) => void;
  onStrength: (rows: StrengthDraft[]) => void;
  errors: Record<string, string>;
  prefix: string;
}) {
  const { t } = useTranslation();
  const err = (path: string) => (errors[prefix + path] ? translateMessage(errors[prefix + path]) : undefined);
  const setRom = (i: number, patch: Partial<RomDraft>) =>
    onRom(rom.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const setStrength = (i: number, patch: Partial<StrengthDraft>) =>
    onStrength(strength.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={600}>
          {t('physio.assessment.rom')}
        </Text>
        {rom.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('physio.assessment.noRows')}
          </Text>
        )}
        {rom.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap" mt={4}>
            <TextInput
              aria-label={`${t('physio.assessment.joint')} ${i + 1}`}
              placeholder={t('physio.assessment.joint')}
              value={row.joint}
              maxLength={60}
              error={err(`rangeOfMotion.${i}.joint`)}
              onChange={(e) => setRom(i, { joint: e.currentTarget.value })}
              style={{ flex: 2 }}
            />
            <TextInput
              aria-label={`${t('physio.assessment.movement')} ${i + 1}`}
              placeholder={t('physio.assessment.movement')}
              value={row.movement}
              maxLength={60}
              error={err(`rangeOfMotion.${i}.movement`)}
              onChange={(e) => setRom(i, { movement: e.currentTarget.value })}
              style={{ flex: 2 }}
            />
            <NumberInput
              aria-label={`${t('physio.assessment.degrees')} ${i + 1}`}
              placeholder={t('physio.assessment.degrees')}
              value={row.degrees}
              min={0}
              max={360}
              allowDecimal={false}
              suffix="°"
              error={err(`rangeOfMotion.${i}.degrees`)}
              onChange={(v) => setRom(i, { degrees: num(v) })}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={6}
              aria-label={t('physio.assessment.removeRow')}
              onClick={() => onRom(rom.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="xs"
          mt={4}
          leftSection={<IconPlus size={14} />}
          onClick={() => onRom([...rom, { joint: '', movement: '', degrees: '' }])}
        >
          {t('physio.assessment.addRom')}
        </Button>
      </div>
      <div>
        <Text size="sm" fw={600}>
          {t('physio.assessment.strength')}
        </Text>
        {strength.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('physio.assessment.noRows')}
          </Text>
        )}
        {strength.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap" mt={4}>
            <TextInput
              aria-label={`${t('physio.assessment.muscle')} ${i + 1}`}
              placeholder={t('physio.assessment.muscle')}
              value={row.muscle}
              maxLength={60}
              error={err(`strength.${i}.muscle`)}
              onChange={(e) => setStrength(i, { muscle: e.currentTarget.value })}
              style={{ flex: 4 }}
            />
            <NumberInput
              aria-label={`${t('physio.assessment.grade')} ${i + 1}`}
              placeholder={t('physio.assessment.grade')}
              value={row.grade}
              min={0}
              max={5}
              allowDecimal={false}
              error={err(`strength.${i}.grade`)}
              onChange={(v) => setStrength(i, { grade: num(v) })}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={6}
              aria-label={t('physio.assessment.removeRow')}
              onClick={() => onStrength(strength.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="xs"
          mt={4}
          leftSection={<IconPlus size={14} />}
          onClick={() => onStrength([...strength, { muscle: '', grade: '' }])}
        >
          {t('physio.assessment.addStrength')}
        </Button>
      </div>
    </Stack>
  );
}

export type { RangeOfMotionRow, StrengthRow };
