import { physioSessionCreateSchema } from '@klinikita/domain/physio/physio.schema';
import {
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type PhysioProgramme, useNotePhysioSession } from '../api/physio-api.ts';
import {
  PhysioMeasuresFields,
  type RomDraft,
  type StrengthDraft,
  toRom,
  toStrength,
} from './physio-measures-fields.tsx';

const num = (v: string | number): number | '' => (v === '' ? '' : Number(v));
const orNaN = (v: number | '') => (v === '' ? Number.NaN : v);

/**
 * The note of this visit's session: pain before and after, interventions, a note; a
 * re-evaluation measures ROM, strength and function again (the rows of the assessment to start).
 */
export function PhysioSessionForm({
  registrationId,
  programme,
}: {
  registrationId: string;
  programme: PhysioProgramme;
}) {
  const { t } = useTranslation();
  const note = useNotePhysioSession();
  const [kind, setKind] = useState<'session' | 'reevaluation'>('session');
  const [painBefore, setPainBefore] = useState<number | ''>('');
  const [painAfter, setPainAfter] = useState<number | ''>('');
  const [interventions, setInterventions] = useState('');
  const [text, setText] = useState('');
  const [rom, setRom] = useState<RomDraft[]>(programme.assessment.rangeOfMotion);
  const [strength, setStrength] = useState<StrengthDraft[]>(programme.assessment.strength);
  const [fn, setFn] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const err = (path: string) => (errors[path] ? translateMessage(errors[path]) : undefined);
  const next = Math.max(0, ...programme.sessions.map((s) => s.sessionNumber)) + 1;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = physioSessionCreateSchema.safeParse({
      kind,
      painBefore: orNaN(painBefore),
      painAfter: orNaN(painAfter),
      interventions,
      note: text,
      measures:
        kind === 'reevaluation'
          ? {
              rangeOfMotion: toRom(rom.filter((r) => r.joint || r.movement || r.degrees !== '')),
              strength: toStrength(strength.filter((r) => r.muscle || r.grade !== '')),
              function: fn,
            }
          : null,
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    note.mutate(
      { params: { registrationId }, body: parsed.data },
      {
        onSuccess: (answer) => notifications.show({ color: 'teal', message: answer.message }),
        onError: (error) => {
          if (isUnexpectedError(error)) void reportUnexpectedError(error);
          else if (error instanceof ApiError && error.errors.length) setErrors(toFieldErrors(error.errors));
          else notifications.show({ color: 'orange', message: error.message });
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" component="section" aria-label={t('physio.session.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>
              {t('physio.session.title')} · {t('physio.session.next', { n: next })}
            </Text>
            <SegmentedControl
              aria-label={t('physio.session.kind')}
              value={kind}
              onChange={(v) => setKind(v as typeof kind)}
              data={[
                { value: 'session', label: t('physio.session.kinds.session') },
                { value: 'reevaluation', label: t('physio.session.kinds.reevaluation') },
              ]}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <NumberInput
              label={t('physio.session.painBefore')}
              description="NRS 0–10"
              required
              min={0}
              max={10}
              allowDecimal={false}
              value={painBefore}
              error={err('painBefore')}
              onChange={(v) => setPainBefore(num(v))}
            />
            <NumberInput
              label={t('physio.session.painAfter')}
              description="NRS 0–10"
              required
              min={0}
              max={10}
              allowDecimal={false}
              value={painAfter}
              error={err('painAfter')}
              onChange={(v) => setPainAfter(num(v))}
            />
          </SimpleGrid>
          <Textarea
            label={t('physio.session.interventions')}
            placeholder={t('physio.session.interventionsPlaceholder')}
            required
            autosize
            minRows={2}
            maxLength={1000}
            value={interventions}
            error={err('interventions')}
            onChange={(e) => setInterventions(e.currentTarget.value)}
          />
          {kind === 'reevaluation' && (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('physio.session.reevaluationHint')}
              </Text>
              <PhysioMeasuresFields
                rom={rom}
                strength={strength}
                onRom={setRom}
                onStrength={setStrength}
                errors={errors}
                prefix="measures."
              />
              <Textarea
                label={t('physio.assessment.function')}
                autosize
                minRows={2}
                maxLength={1000}
                value={fn}
                error={err('measures.function')}
                onChange={(e) => setFn(e.currentTarget.value)}
              />
            </Stack>
          )}
          <Textarea
            label={t('physio.session.note')}
            autosize
            minRows={1}
            maxLength={1000}
            value={text}
            error={err('note')}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={note.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t('physio.session.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
