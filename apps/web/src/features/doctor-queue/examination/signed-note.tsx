import { VITALS } from '@klinikita/domain/consultations/consultation.rules';
import { addendumCreateSchema } from '@klinikita/domain/consultations/encounter.schema';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { CodePicker } from '../../../shared/consultations/code-picker.tsx';
import { type Encounter, useAddAddendum } from '../../../shared/consultations/encounters-api.ts';
import { LabResultsCard } from '../../../shared/results/lab-results-card.tsx';
import { PhysioCard } from '../../../shared/results/physio-card.tsx';
import { RadiologyReportCard } from '../../../shared/results/radiology-report-card.tsx';
import { TreatmentCard } from '../../../shared/results/treatment-card.tsx';
import { PrescriptionSection } from './prescription-section.tsx';
import { formatMoment, formatNumber } from './visit-format.ts';
import { VITAL_ORDER } from './vitals-section.tsx';

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={2}>
        {title}
      </Text>
      {children}
    </div>
  );
}

function AddendumForm({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddAddendum();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = addendumCreateSchema.safeParse({ text });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.invalid'));
      return;
    }
    add.mutate(
      { uid, text: parsed.data.text },
      {
        onSuccess: () => {
          setText('');
          notifications.show({ color: 'teal', message: t('consultations.addendumAdded') });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status > 0 && err.status < 500) setError(err.message);
          else void reportUnexpectedError(err);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={6}>
        <Textarea
          label={t('examination.signed.addendum')}
          placeholder={t('examination.signed.addendumPlaceholder')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={5000}
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={add.isPending}>
            {t('examination.signed.addendumSave')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A note that can no longer be edited: signed (then addenda can be added by a doctor), or a draft
 * shown in a status where it cannot be changed.
 */
export function SignedNote({ encounter: e, canAddendum }: { encounter: Encounter; canAddendum: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const none = t('examination.signed.empty');
  const signed = e.status === 'signed';
  return (
    <Card padding="sm" component="section" aria-labelledby="signed-note-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <IconLock size={16} />
            <Title order={3} size="h5" id="signed-note-title">
              {t('examination.signed.title')}
            </Title>
            <Badge size="sm" variant="light" color={signed ? 'teal' : 'gray'}>
              {t(`consultations.status.${e.status}`)}
            </Badge>
          </Group>
          {signed && e.signedAt && (
            <Text size="xs" c="dimmed">
              {t('examination.signed.by', {
                name: e.signedBy?.name ?? e.doctor?.name ?? '',
                time: formatMoment(e.signedAt, lang),
              })}
            </Text>
          )}
        </Group>
        {!signed && <Alert color="gray">{t('examination.signed.draftReadOnly')}</Alert>}
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" verticalSpacing={4}>
          {VITAL_ORDER.map((name) => (
            <div key={name}>
              <Text size="xs" c="dimmed">
                {t(`consultations.vitals.${name}`)}
              </Text>
              <Text size="sm" fw={500}>
                {e[name] == null ? none : `${formatNumber(e[name], lang)} ${VITALS[name].unit}`}
              </Text>
            </div>
          ))}
          <div>
            <Text size="xs" c="dimmed">
              {t('consultations.vitals.bmi')}
            </Text>
            <Text size="sm" fw={500}>
              {formatNumber(e.bmi, lang)}
            </Text>
          </div>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {(['subjective', 'objective', 'assessment', 'plan'] as const).map((k) => (
            <Block key={k} title={t(`consultations.soap.${k}`)}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {e[k] || none}
              </Text>
            </Block>
          ))}
        </SimpleGrid>
        <Block title={t('examination.sections.diagnoses')}>
          <CodePicker
            system="icd10"
            clinicId={null}
            picked={e.diagnoses}
            withPrimary
            readOnly
            onPick={() => {}}
            onRemove={() => {}}
          />
        </Block>
        {e.procedures.length > 0 && (
          <Block title={t('examination.sections.procedures')}>
            <CodePicker
              system="icd9cm"
              clinicId={null}
              picked={e.procedures}
              withPrimary={false}
              readOnly
              onPick={() => {}}
              onRemove={() => {}}
            />
          </Block>
        )}
        <Block title={t('examination.sections.prescription')}>
          <Group gap="xs" mb={4}>
            {e.prescriptionStatus && (
              <Badge size="sm" variant="light">
                {t(`examination.signed.prescriptionStatus.${e.prescriptionStatus}`)}
              </Badge>
            )}
          </Group>
          {e.prescriptionSubstitutions?.map((s) => (
            <Text size="sm" c="orange.8" key={s.line}>
              {t('examination.signed.substituted', { from: s.from, to: s.to, reason: s.reason })}
            </Text>
          ))}
          <PrescriptionSection items={e.prescription} onChange={() => {}} readOnly />
        </Block>
        {(e.serviceOrders.length > 0 || e.orders.length > 0) && (
          <Block title={t('examination.sections.orders')}>
            <Stack gap={2}>
              {e.serviceOrders.length > 0
                ? e.serviceOrders.map((o) => (
                    <Text size="sm" key={o.uid}>
                      <Text component="span" fw={700}>
                        {t(`consultations.services.${o.serviceType}`)}
                      </Text>{' '}
                      {o.items.join(', ')} —{' '}
                      {t('examination.signed.queue', {
                        queueNumber: o.queueNumber,
                        status: t(`registrations.statuses.${o.status}`, { defaultValue: o.status }),
                      })}
                    </Text>
                  ))
                : e.orders.map((o) => (
                    <Text size="sm" key={o.serviceType}>
                      <Text component="span" fw={700}>
                        {t(`consultations.services.${o.serviceType}`)}
                      </Text>{' '}
                      {o.items.join(', ')}
                    </Text>
                  ))}
            </Stack>
          </Block>
        )}
        <LabResultsCard patientUid={e.patient.uid} orders={e.serviceOrders} />
        <RadiologyReportCard patientUid={e.patient.uid} orders={e.serviceOrders} />
        <PhysioCard patientUid={e.patient.uid} orders={e.serviceOrders} />
        <TreatmentCard patientUid={e.patient.uid} orders={e.serviceOrders} />
        {e.referral && (
          <Block title={t('examination.sections.referral')}>
            <Text size="sm">
              {[e.referral.facility, e.referral.specialty].filter(Boolean).join(' · ')} — {e.referral.reason}
            </Text>
          </Block>
        )}
        {signed && (
          <Block title={t('examination.signed.addenda')}>
            {e.addenda.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('examination.signed.noAddenda')}
              </Text>
            ) : (
              <Stack gap={4} component="ol" p={0} m={0} aria-label={t('examination.signed.addenda')}>
                {e.addenda.map((a) => (
                  <Card key={a.uid} withBorder padding={6} component="li" style={{ listStyle: 'none' }}>
                    <Text size="xs" c="dimmed">
                      {a.by.name} · {formatMoment(a.createdAt, lang)}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {a.text}
                    </Text>
                  </Card>
                ))}
              </Stack>
            )}
          </Block>
        )}
        {signed && canAddendum && <AddendumForm uid={e.uid} />}
      </Stack>
    </Card>
  );
}
