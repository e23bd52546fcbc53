import { findingText, optionHasLabel, stationFindings } from '@klinikita/domain/mcu/mcu-findings.rules';
import {
  bmiOf,
  fevRatio,
  type McuField,
  type McuStation,
  normalValues,
  pureToneAverage,
  STATION_FIELDS,
} from '@klinikita/domain/mcu/mcu-stations';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { showActionFailure } from '../../../shared/ui/list-page.tsx';
import { type StationResult, useSaveStation, useUploadTracing } from '../api/mcu-exam-api.ts';

type Values = Record<string, string | number | null>;

/** The form's start: what was recorded, else the normal values (numbers left to measure). */
const startOf = (station: McuStation, result: StationResult | null): Values =>
  result ? { ...normalValues(station), ...result.data } : normalValues(station);

/** The values as the API takes them: empty numbers are null. */
function payloadOf(station: McuStation, values: Values): Values {
  const out: Values = {};
  for (const field of STATION_FIELDS[station]) {
    if (field.kind === 'exam') {
      out[field.key] = values[field.key] ?? 'normal';
      out[`${field.key}Note`] = values[field.key] === 'abnormal' ? (values[`${field.key}Note`] ?? '') : '';
    } else if (field.kind === 'number') {
      const v = values[field.key];
      out[field.key] = v === '' || v === null || v === undefined ? null : Number(v);
    } else out[field.key] = values[field.key] ?? '';
  }
  return out;
}

/**
 * One station: its fields pre-filled with the normal values ("Normal" is one click, then Simpan),
 * the findings beside as the values are typed, the derived values (BMI, PTA, FEV1/FVC), a tracing.
 */
export function StationForm({
  participantUid,
  station,
  result,
  editable,
}: {
  participantUid: string;
  station: McuStation;
  result: StationResult | null;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) => t(`mcuExam.screen.${key}`, params);
  const [values, setValues] = useState<Values>(() => startOf(station, result));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveStation();
  const upload = useUploadTracing();
  const data = payloadOf(station, values);
  const findings = stationFindings(station, data).map((f) => findingText((k, p) => t(k, p ?? {}), f));
  const set = (key: string, value: string | number | null) => setValues((v) => ({ ...v, [key]: value }));
  const label = (key: string) => t(`mcuStations.field.${key}`);
  const errorOf = (key: string) =>
    errors[`data.${key}`] ? translateMessage(errors[`data.${key}`]) : undefined;

  function submit() {
    setErrors({});
    save.mutate(
      { params: { uid: participantUid, station }, body: { data } },
      {
        onSuccess: (answer) =>
          notifications.show({ color: 'teal', message: translateMessage(answer.message) }),
        onError: (error) => {
          if (error instanceof ApiError && error.errors.length) setErrors(toFieldErrors(error.errors));
          else showActionFailure(error);
        },
      },
    );
  }

  const field = (f: McuField) => {
    const disabled = !editable;
    if (f.kind === 'number')
      return (
        <NumberInput
          key={f.key}
          label={`${label(f.key)} (${f.unit})`}
          value={values[f.key] ?? ''}
          onChange={(v) => set(f.key, v === '' ? null : v)}
          min={f.min}
          max={f.max}
          decimalScale={f.decimals ?? 0}
          decimalSeparator=","
          disabled={disabled}
          error={errorOf(f.key)}
        />
      );
    if (f.kind === 'choice')
      return (
        <Select
          key={f.key}
          label={label(f.key)}
          data={f.options.map((o) => ({
            value: o,
            label: optionHasLabel(o) ? t(`mcuStations.option.${o}`) : o,
          }))}
          value={(values[f.key] as string) ?? f.normal}
          onChange={(v) => set(f.key, v ?? f.normal)}
          allowDeselect={false}
          disabled={disabled}
          error={errorOf(f.key)}
        />
      );
    if (f.kind === 'text')
      return (
        <Textarea
          key={f.key}
          label={label(f.key)}
          autosize
          minRows={1}
          maxLength={2000}
          value={(values[f.key] as string) ?? ''}
          onChange={(e) => set(f.key, e.currentTarget.value)}
          disabled={disabled}
          error={errorOf(f.key)}
        />
      );
    const abnormal = values[f.key] === 'abnormal';
    return (
      <Stack key={f.key} gap={4}>
        <Text size="sm" fw={500}>
          {label(f.key)}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label={label(f.key)}
          data={[
            { value: 'normal', label: t('mcuStations.option.normal') },
            { value: 'abnormal', label: t('mcuStations.option.abnormal') },
          ]}
          value={(values[f.key] as string) ?? 'normal'}
          onChange={(v) => set(f.key, v)}
          disabled={disabled}
        />
        {abnormal && (
          <TextInput
            aria-label={`${label(f.key)} – ${t('mcuStations.note')}`}
            placeholder={t('mcuStations.note')}
            maxLength={500}
            value={(values[`${f.key}Note`] as string) ?? ''}
            onChange={(e) => set(`${f.key}Note`, e.currentTarget.value)}
            disabled={disabled}
          />
        )}
      </Stack>
    );
  };

  const bmi = station === 'vitals' ? bmiOf(data.height, data.weight) : null;
  const derived = [
    bmi !== null && `${s('bmi')}: ${bmi}`,
    station === 'audiometry' &&
      `${s('pta')}: ${t('mcuStations.ear.right')} ${pureToneAverage(data, 'right') ?? '–'} dB · ${t('mcuStations.ear.left')} ${pureToneAverage(data, 'left') ?? '–'} dB`,
    station === 'spirometry' && `${s('ratio')}: ${fevRatio(data) ?? '–'} %`,
  ].filter(Boolean);

  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Stack gap="sm" flex="2 1 420px">
        <SimpleGrid cols={{ base: 1, sm: station === 'audiometry' ? 4 : 2 }} spacing="sm">
          {STATION_FIELDS[station].map(field)}
        </SimpleGrid>
        {derived.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="mcu-derived">
            {derived.join(' · ')}
          </Text>
        )}
        {(station === 'ecg' || station === 'audiometry' || station === 'spirometry') && (
          <Group gap="sm">
            <Text size="sm">{s('attachment')}</Text>
            {result?.fileUrl && (
              <Anchor size="sm" href={result.fileUrl} target="_blank" data-testid="mcu-attachment-open">
                {s('viewAttachment')}
              </Anchor>
            )}
            {editable && !result && (
              <Text size="sm" c="dimmed">
                {s('attachAfterSave')}
              </Text>
            )}
            {editable && result && (
              <FileButton
                accept="application/pdf,image/png,image/jpeg"
                onChange={(file) =>
                  file &&
                  upload.mutate(
                    { uid: participantUid, station, file },
                    {
                      onSuccess: (answer) =>
                        notifications.show({ color: 'teal', message: translateMessage(answer.message) }),
                      onError: showActionFailure,
                    },
                  )
                }
              >
                {(props) => (
                  <Button size="xs" variant="default" loading={upload.isPending} {...props}>
                    {s('attach')}
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        )}
        {errors._form && <Alert color="red">{translateMessage(errors._form)}</Alert>}
        {editable && (
          <Group gap="sm">
            <Button variant="light" onClick={() => setValues((v) => ({ ...v, ...normalValues(station) }))}>
              {s('allNormal')}
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {s('save')}
            </Button>
          </Group>
        )}
        {result?.examined && (
          <Text size="xs" c="dimmed">
            {s('examinedBy', {
              name: result.examined.name,
              at: new Date(result.examined.at).toLocaleString('id-ID'),
            })}
          </Text>
        )}
      </Stack>
      <Stack gap={4} flex="1 1 220px" data-testid="mcu-station-findings">
        <Text fw={600} size="sm">
          {s('findings')}
        </Text>
        {findings.length ? (
          findings.map((text) => (
            <Text key={text} size="sm" c="red.8">
              • {text}
            </Text>
          ))
        ) : (
          <Text size="sm" c="teal">
            {s('noFindings')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
