import { physioProgrammeCreateSchema } from '@klinikita/domain/physio/physio.schema';
import {
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClipboardCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type PhysioVisit, useCreatePhysioProgramme } from '../api/physio-api.ts';
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
 * The first assessment on the referral visit: the referral (prefilled from the doctor's order),
 * the diagnosis, pain (NRS), ROM and MMT rows, function, goals and the planned sessions; saving
 * it opens the programme. Checked by the shared schema before it is sent.
 */
export function PhysioAssessmentForm({ visit }: { visit: PhysioVisit }) {
  const { t } = useTranslation();
  const create = useCreatePhysioProgramme();
  const o = visit.order;
  const [referral, setReferral] = useState([o.items.join(', '), o.note].filter(Boolean).join(' — '));
  const [diagnosis, setDiagnosis] = useState(o.diagnosis ?? '');
  const [pain, setPain] = useState<number | ''>('');
  const [rom, setRom] = useState<RomDraft[]>([{ joint: '', movement: '', degrees: '' }]);
  const [strength, setStrength] = useState<StrengthDraft[]>([{ muscle: '', grade: '' }]);
  const [fn, setFn] = useState('');
  const [goals, setGoals] = useState('');
  const [planned, setPlanned] = useState<number | ''>(8);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const err = (path: string) => (errors[path] ? translateMessage(errors[path]) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = physioProgrammeCreateSchema.safeParse({
      referral,
      diagnosis,
      assessment: {
        painScale: orNaN(pain),
        // a row left wholly empty is not a measure
        rangeOfMotion: toRom(rom.filter((r) => r.joint || r.movement || r.degrees !== '')),
        strength: toStrength(strength.filter((r) => r.muscle || r.grade !== '')),
        function: fn,
      },
      goals,
      plannedSessions: orNaN(planned),
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(
      { params: { registrationId: visit.registrationId }, body: parsed.data },
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
    <Card withBorder padding="md" component="section" aria-label={t('physio.assessment.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Text fw={600}>{t('physio.assessment.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('physio.assessment.hint')}
            </Text>
          </div>
          <Textarea
            label={t('physio.assessment.referral')}
            autosize
            minRows={1}
            maxLength={1000}
            value={referral}
            error={err('referral')}
            onChange={(e) => setReferral(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            <TextInput
              label={t('physio.assessment.diagnosis')}
              required
              maxLength={300}
              value={diagnosis}
              error={err('diagnosis')}
              onChange={(e) => setDiagnosis(e.currentTarget.value)}
            />
            <NumberInput
              label={t('physio.assessment.pain')}
              required
              min={0}
              max={10}
              allowDecimal={false}
              value={pain}
              error={err('assessment.painScale')}
              onChange={(v) => setPain(num(v))}
            />
            <NumberInput
              label={t('physio.assessment.planned')}
              required
              min={1}
              max={30}
              allowDecimal={false}
              value={planned}
              error={err('plannedSessions')}
              onChange={(v) => setPlanned(num(v))}
            />
          </SimpleGrid>
          <PhysioMeasuresFields
            rom={rom}
            strength={strength}
            onRom={setRom}
            onStrength={setStrength}
            errors={errors}
            prefix="assessment."
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <Textarea
              label={t('physio.assessment.function')}
              autosize
              minRows={2}
              maxLength={1000}
              value={fn}
              error={err('assessment.function')}
              onChange={(e) => setFn(e.currentTarget.value)}
            />
            <Textarea
              label={t('physio.assessment.goals')}
              autosize
              minRows={2}
              maxLength={1000}
              value={goals}
              error={err('goals')}
              onChange={(e) => setGoals(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} leftSection={<IconClipboardCheck size={18} />}>
              {t('physio.assessment.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
