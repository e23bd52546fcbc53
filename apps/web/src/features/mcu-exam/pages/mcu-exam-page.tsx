import { Alert, Group, Select, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { McuWorklist } from '../components/mcu-worklist.tsx';
import { ParticipantExam } from '../components/participant-exam.tsx';

/**
 * The MCU examination of `/Lab/home-page-mcu` (its MCU tab): the worklist of the working clinic's
 * day, and the participant opened from it (`?participant=<uid>`).
 */
export function McuExamPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const participant = params.get('participant');
  const go = (uid: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (uid) next.set('participant', uid);
        else next.delete('participant');
        return next;
      },
      { replace: !uid },
    );
  if (!clinic) return <Alert color="red">{t('mcuExam.screen.failed')}</Alert>;
  return (
    <Stack gap="sm" p="md">
      <Group justify="space-between">
        <Title order={3}>{participant ? t('mcuExam.screen.title') : t('mcuExam.screen.worklist')}</Title>
        {clinics.length > 1 && !participant && (
          <Select
            w={300}
            label={t('mcuExam.screen.clinic')}
            data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
            value={String(clinic.id)}
            onChange={(v) => v && setClinicId(Number(v))}
            allowDeselect={false}
          />
        )}
      </Group>
      {participant ? (
        <ParticipantExam uid={participant} onBack={() => go(null)} />
      ) : (
        <McuWorklist key={clinic.id} clinicId={clinic.id} timeZone={clinic.timeZone} onOpen={go} />
      )}
    </Stack>
  );
}
