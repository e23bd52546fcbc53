import type { PharmacyStatus, ReviewCheck } from '@klinikita/domain/pharmacy/pharmacy.rules';
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecks, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PharmacyPrescription, useReviewPrescription } from '../api/pharmacy-queue-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';

/** The 13 checks of research §1.3, grouped as the pharmacist reads them. */
export const REVIEW_GROUPS: readonly { group: string; checks: readonly ReviewCheck[] }[] = [
  { group: 'administrative', checks: ['patientIdentity', 'doctor', 'prescriptionDate'] },
  { group: 'pharmaceutical', checks: ['formStrength', 'pharmaceuticalDose'] },
  {
    group: 'clinical',
    checks: [
      'indication',
      'dose',
      'route',
      'timing',
      'duplication',
      'allergy',
      'interaction',
      'contraindication',
    ],
  },
];
const ALL_CHECKS = REVIEW_GROUPS.flatMap((g) => g.checks);

/** The statuses in which the server takes a review. */
const EDITABLE: readonly PharmacyStatus[] = ['in_review', 'on_hold', 'preparing'];

interface Answer {
  ok: boolean | null;
  note: string;
}

const fromSaved = (review: PharmacyPrescription['review']) =>
  Object.fromEntries(
    ALL_CHECKS.map((check) => {
      const saved = review?.checks[check];
      return [check, { ok: saved ? saved.ok : null, note: saved?.note ?? '' }];
    }),
  ) as Record<ReviewCheck, Answer>;

/**
 * The review (telaah resep): each check ok or not with a note, saved in one call. The answers stay
 * as typed when the server refuses them; the reviewer and the time show once saved.
 */
export function ReviewChecklist({
  prescription,
  timeZone,
}: {
  prescription: PharmacyPrescription;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const [answers, setAnswers] = useState(() => fromSaved(prescription.review));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useReviewPrescription((message) => notifications.show({ color: 'teal', message }));
  const editable = EDITABLE.includes(prescription.status);
  const set = (check: ReviewCheck, patch: Partial<Answer>) =>
    setAnswers((all) => ({ ...all, [check]: { ...all[check], ...patch } }));

  const onSave = () => {
    const checks = Object.fromEntries(
      ALL_CHECKS.flatMap((check) => {
        const a = answers[check];
        return a.ok === null ? [] : [[check, { ok: a.ok, note: a.note.trim() || null }]];
      }),
    );
    setErrors({});
    save.mutate(
      { params: { uid: prescription.uid }, body: { checks } },
      { onError: (error) => setErrors(serverErrors(error) ?? {}) },
    );
  };

  // a prescription closed without a review: nothing to fill in any more
  if (!editable && !prescription.review)
    return (
      <Stack gap={4} data-testid="review-checklist">
        <Title order={4}>{t('pharmacyQueue.review.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('pharmacyQueue.review.none')}
        </Text>
      </Stack>
    );
  return (
    <Stack gap="xs" data-testid="review-checklist">
      <Group justify="space-between">
        <Title order={4}>{t('pharmacyQueue.review.title')}</Title>
        {editable && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconChecks size={14} />}
            onClick={() => {
              for (const check of ALL_CHECKS) if (answers[check].ok === null) set(check, { ok: true });
            }}
          >
            {t('pharmacyQueue.review.allOk')}
          </Button>
        )}
      </Group>
      {prescription.review && (
        <Text size="xs" c="dimmed">
          {t('pharmacyQueue.review.reviewedBy', {
            name: prescription.review.reviewedBy ?? '—',
            at: new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
              timeZone,
              dateStyle: 'short',
              timeStyle: 'short',
            }).format(new Date(prescription.review.reviewedAt)),
          })}
        </Text>
      )}
      {!editable && (
        <Text size="xs" c="dimmed">
          {t('pharmacyQueue.review.readOnly')}
        </Text>
      )}
      {REVIEW_GROUPS.map(({ group, checks }) => (
        <Stack key={group} gap={4}>
          <Text size="sm" fw={700} c="blue.8">
            {t(`pharmacyQueue.review.groups.${group}`)}
          </Text>
          {checks.map((check) => {
            const a = answers[check];
            const label = t(`pharmacy.checks.${check}`);
            return (
              <Group key={check} gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" w={190} pt={4}>
                  {label}
                </Text>
                <SegmentedControl
                  size="xs"
                  disabled={!editable}
                  aria-label={label}
                  value={a.ok === null ? '' : a.ok ? 'ok' : 'notOk'}
                  onChange={(v) => set(check, { ok: v === 'ok' })}
                  color={a.ok === false ? 'red' : 'teal'}
                  data={[
                    { value: 'ok', label: t('pharmacyQueue.review.ok') },
                    { value: 'notOk', label: t('pharmacyQueue.review.notOk') },
                  ]}
                />
                <TextInput
                  size="xs"
                  flex={1}
                  disabled={!editable}
                  placeholder={t('pharmacyQueue.review.note')}
                  aria-label={`${t('pharmacyQueue.review.note')} ${label}`}
                  value={a.note}
                  error={errors[`checks.${check}.note`]}
                  onChange={(e) => set(check, { note: e.currentTarget.value })}
                />
              </Group>
            );
          })}
        </Stack>
      ))}
      {errors[FORM_ERROR] && (
        <Alert color="red" role="alert">
          {errors[FORM_ERROR]}
        </Alert>
      )}
      {editable && (
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} onClick={onSave}>
            {t('pharmacyQueue.review.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
