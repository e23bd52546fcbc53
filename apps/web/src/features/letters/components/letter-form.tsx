import { bodyMassIndex } from '@klinikita/domain/consultations/consultation.rules';
import {
  restUntil as lastDayOfRest,
  MAX_REST_DAYS,
  restFromProblem,
  restFromRange,
} from '@klinikita/domain/consultations/letter.rules';
import { letterCreateSchema } from '@klinikita/domain/consultations/letter.schema';
import {
  Alert,
  Autocomplete,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { currentLocale, translateMessage } from '../../../shared/i18n/i18n.ts';
import { type Encounter, type Letter, letterPdfUrl, useCreateLetter } from '../api/letters-api.ts';
import { longDate, shortDate } from '../letter-format.ts';

type Kind = 'health' | 'sick';

interface FormValues {
  purpose: string;
  healthy: boolean | null;
  notes: string;
  restFrom: string;
  restDays: number | string;
}

const PURPOSES = ['purposeJob', 'purposeSchool', 'purposeLicence', 'purposeTravel', 'purposeSport'] as const;

/** What the visit found, as the letter will print it. */
function VisitFindings({ encounter: e }: { encounter: Encounter }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const num = (v: number) => v.toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID');
  const bmi = bodyMassIndex(e.weight, e.height);
  const vitals = [
    e.systolic != null || e.diastolic != null
      ? `${t('consultations.vitals.bloodPressure')} ${e.systolic ?? '–'}/${e.diastolic ?? '–'} mmHg`
      : null,
    e.pulse != null ? `${t('consultations.vitals.pulse')} ${e.pulse} x/mnt` : null,
    e.temperature != null ? `${t('consultations.vitals.temperature')} ${num(e.temperature)} °C` : null,
    e.weight != null ? `${t('consultations.vitals.weight')} ${num(e.weight)} kg` : null,
    e.height != null ? `${t('consultations.vitals.height')} ${num(e.height)} cm` : null,
    bmi != null ? `${t('consultations.vitals.bmi')} ${num(bmi)}` : null,
  ].filter(Boolean);
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Text span fw={600} size="sm">
          {shortDate(e.registration.queueDate, locale)}
        </Text>
        {' · '}
        {[e.clinic.name, e.doctor?.name ?? t('letters.web.noDoctor')].join(' · ')}
      </Text>
      <Text size="sm" c={vitals.length ? undefined : 'dimmed'}>
        {vitals.length ? vitals.join(' · ') : t('letters.web.noVitals')}
      </Text>
      <Text size="sm" c={e.diagnoses.length ? undefined : 'dimmed'}>
        {e.diagnoses.length
          ? e.diagnoses
              .map((d) => `${d.code} ${d.title}${d.primary ? ` (${t('letters.web.primary')})` : ''}`)
              .join('; ')
          : t('letters.web.noDiagnosis')}
      </Text>
      {e.status === 'draft' && (
        <Group gap={6} c="yellow.8" wrap="nowrap">
          <IconAlertTriangle size={14} />
          <Text size="xs">{t('letters.web.draftVisit')}</Text>
        </Group>
      )}
    </Stack>
  );
}

/**
 * A health certificate or a sick-leave letter from the chosen visit, once its note is signed.
 * Checked by the shared schema and rules before it goes out (the date picker offers only the
 * days a sick leave may start on); the server's refusals land next to the same fields.
 */
export function LetterForm({ encounter }: { encounter: Encounter }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const visitDay = encounter.registration.queueDate.slice(0, 10);
  const restRange = restFromRange(visitDay);
  const signed = encounter.status === 'signed';
  const [kind, setKind] = useState<Kind>('health');
  const [values, setValues] = useState<FormValues>({
    purpose: '',
    healthy: null,
    notes: '',
    restFrom: visitDay,
    restDays: 1,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [written, setWritten] = useState<{ letter: Letter; message: string } | null>(null);
  const create = useCreateLetter();

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const restDays = typeof values.restDays === 'number' ? values.restDays : null;
  const restUntil =
    kind === 'sick' &&
    /^\d{4}-\d{2}-\d{2}$/.test(values.restFrom) &&
    restDays &&
    restDays >= 1 &&
    restDays <= MAX_REST_DAYS
      ? lastDayOfRest(values.restFrom, restDays)
      : null;

  const submit = () => {
    const input =
      kind === 'health'
        ? {
            kind,
            encounterId: encounter.uid,
            purpose: values.purpose,
            healthy: values.healthy,
            notes: values.notes || null,
          }
        : {
            kind,
            encounterId: encounter.uid,
            restFrom: values.restFrom || null,
            restDays,
            notes: values.notes || null,
          };
    const parsed = letterCreateSchema.safeParse(input);
    const fieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
    // the first day of rest must fit the visit: the same rule the server applies
    const restProblem =
      kind === 'sick' && parsed.success && parsed.data.restFrom
        ? restFromProblem(visitDay, parsed.data.restFrom)
        : null;
    if (restProblem) fieldErrors.restFrom ??= restProblem;
    if (!parsed.success || restProblem) {
      setErrors(fieldErrors);
      return;
    }
    setWritten(null);
    create.mutate(parsed.data, {
      onSuccess: (result) => {
        setWritten(result);
        setValues((v) => ({ ...v, purpose: '', healthy: null, notes: '' }));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors.length) setErrors(toFieldErrors(error.errors));
        else
          setErrors({
            form:
              error instanceof ApiError && error.status !== 0 ? error.message : t('web.common.loadFailed'),
          });
      },
    });
  };
  const err = (key: string) => (errors[key] ? translateMessage(errors[key]) : null);

  return (
    <Card withBorder padding="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <Title order={3} size="h4">
              {t('letters.web.write')}
            </Title>
            <SegmentedControl
              aria-label={t('letters.web.kind')}
              value={kind}
              onChange={(v) => {
                setKind(v as Kind);
                setErrors({});
              }}
              data={[
                { value: 'health', label: t('letters.kinds.health') },
                { value: 'sick', label: t('letters.kinds.sick') },
              ]}
            />
          </Group>
          <Card bg="gray.0" padding="sm" radius="sm">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
              {t('letters.web.fromVisit')}
            </Text>
            <VisitFindings encounter={encounter} />
          </Card>

          {kind === 'health' ? (
            <>
              <Autocomplete
                label={t('letters.web.purpose')}
                placeholder={t('letters.web.purposePlaceholder')}
                withAsterisk
                maxLength={200}
                data={PURPOSES.map((p) => t(`letters.web.${p}`))}
                value={values.purpose}
                error={err('purpose')}
                onChange={(v) => set('purpose', v)}
              />
              <Radio.Group
                label={t('letters.web.verdict')}
                withAsterisk
                value={values.healthy == null ? '' : values.healthy ? 'yes' : 'no'}
                error={err('healthy')}
                onChange={(v) => set('healthy', v === 'yes')}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="yes" label={t('letters.web.healthy')} />
                  <Radio value="no" label={t('letters.web.unhealthy')} />
                </Group>
              </Radio.Group>
            </>
          ) : (
            <Group align="flex-start" grow>
              <TextInput
                type="date"
                label={t('letters.web.restFrom')}
                withAsterisk
                min={restRange.min}
                max={restRange.max}
                value={values.restFrom}
                error={err('restFrom')}
                onChange={(e) => set('restFrom', e.currentTarget.value)}
              />
              <NumberInput
                label={t('letters.web.restDays')}
                withAsterisk
                min={1}
                max={MAX_REST_DAYS}
                allowDecimal={false}
                allowNegative={false}
                suffix={` ${t('letters.web.daysUnit')}`}
                value={values.restDays}
                error={err('restDays')}
                onChange={(v) => set('restDays', v)}
              />
            </Group>
          )}
          {kind === 'sick' && (
            <Text size="sm" aria-live="polite">
              {restUntil
                ? t('letters.web.restUntil', { date: longDate(restUntil, locale) })
                : t('letters.web.restUntilUnknown')}
            </Text>
          )}
          <Textarea
            label={t('letters.web.notes')}
            placeholder={t('letters.web.notesPlaceholder')}
            rows={2}
            resize="vertical"
            maxLength={1000}
            value={values.notes}
            error={err('notes')}
            onChange={(e) => set('notes', e.currentTarget.value)}
          />
          {errors.form && (
            <Alert color="red" role="alert">
              {translateMessage(errors.form)}
            </Alert>
          )}
          {errors.encounterId && (
            <Alert color="red" role="alert">
              {translateMessage(errors.encounterId)}
            </Alert>
          )}
          <Group justify="space-between" align="center">
            <div>
              {written && (
                <Group gap="xs" c="teal.8" role="status">
                  <IconCircleCheck size={18} />
                  <Text size="sm" fw={600}>
                    {written.message}
                  </Text>
                  <Button
                    size="compact-sm"
                    component="a"
                    href={letterPdfUrl(written.letter.uid)}
                    target="_blank"
                    rel="noopener"
                    leftSection={<IconPrinter size={14} />}
                  >
                    {t('letters.web.printPdf')}
                  </Button>
                </Group>
              )}
            </div>
            <Button type="submit" loading={create.isPending} disabled={!signed}>
              {t('letters.web.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
