import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import {
  type EncounterFinishResult,
  useOpenEncounter,
  usePatientEncounters,
} from '../../../shared/consultations/encounters-api.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ExaminationActions } from '../components/examination-actions.tsx';
import { PatientBanner } from '../components/patient-banner.tsx';
import { DraftEditor } from './draft-editor.tsx';
import { SignedNote } from './signed-note.tsx';

/** Save this long after the doctor stops typing. */
export const AUTOSAVE_DELAY_MS = 800;
/** The visits the history panel shows (the current one left out). */
const HISTORY_LIMIT = 6;

/**
 * The examination of a called patient (status Examination): opens the visit's note
 * (`POST consultations/encounters`) and lets the doctor write it — vitals, SOAP, diagnoses,
 * procedures, prescription, orders, referral — saved as they type, then finished and signed.
 */
export function ExaminationWorkspace({
  registration: r,
  onFinished,
  saveDelayMs = AUTOSAVE_DELAY_MS,
}: {
  registration: Registration;
  onFinished: (result: EncounterFinishResult) => void;
  saveDelayMs?: number;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const opened = useOpenEncounter(r._id);
  const encounter = opened.data;
  const visits = usePatientEncounters(encounter ? r.patient.uid : null, { limit: HISTORY_LIMIT + 1 });
  const history = {
    visits: (visits.data?.docs ?? []).filter((v) => v.uid !== encounter?.uid).slice(0, HISTORY_LIMIT),
    loading: visits.isLoading,
    failed: visits.isError,
  };

  if (!encounter) {
    const failed = opened.isError;
    return (
      <Stack gap="sm">
        <PatientBanner registration={r} actions={<ExaminationActions registration={r} />} />
        {failed ? (
          <Alert color="red" title={t('examination.openFailed')}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{opened.error instanceof ApiError ? opened.error.message : ''}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void opened.refetch()}>
                {t('examination.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Center py="lg">
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('examination.opening')}
              </Text>
            </Group>
          </Center>
        )}
      </Stack>
    );
  }
  if (encounter.status === 'signed') {
    return (
      <Stack gap="sm">
        <PatientBanner registration={r} actions={<ExaminationActions registration={r} />} />
        <SignedNote encounter={encounter} canAddendum={user.DoctorId !== null} />
      </Stack>
    );
  }
  return (
    <DraftEditor
      // a reload after a conflict starts again from what the server holds
      key={`${encounter.uid}-${opened.dataUpdatedAt}`}
      registration={r}
      encounter={encounter}
      history={history}
      saveDelayMs={saveDelayMs}
      onFinished={onFinished}
      onReload={() => void opened.refetch()}
    />
  );
}
