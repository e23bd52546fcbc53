import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import {
  type Encounter,
  type EncounterContent,
  type EncounterFinishResult,
  encountersKey,
  finishEncounter,
} from '../../../shared/consultations/encounters-api.ts';
import { registrationsKey } from '../../../shared/registrations/registrations-api.ts';
import { patientLabel } from '../queue-params.ts';
import { draftErrors } from './draft-model.ts';
import type { DraftSaver } from './draft-saver.ts';
import { FinishSummary } from './finish-summary.tsx';
import type { Section } from './section-keys.tsx';

/**
 * Finishing the note: checked on screen first (a doctor, one primary diagnosis, no field errors),
 * confirmed with a summary, then the last changes saved and the note signed.
 */
export function useFinishEncounter({
  registration: r,
  encounter,
  draft,
  saver,
  isDoctor,
  onFinished,
  onDiagnosesError,
  onShowErrors,
  jump,
}: {
  registration: Registration;
  encounter: Encounter;
  draft: EncounterContent;
  saver: DraftSaver;
  isDoctor: boolean;
  onFinished: (result: EncounterFinishResult) => void;
  onDiagnosesError: (message: string) => void;
  onShowErrors: () => void;
  jump: (section: Section) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [finishing, setFinishing] = useState(false);
  const confirming = useRef(false);

  const finish = async () => {
    setFinishing(true);
    try {
      const version = await saver.flush();
      if (version === null) {
        notifications.show({ color: 'red', message: t('examination.finish.notSaved') });
        return;
      }
      const result = await finishEncounter(encounter.uid, version);
      saver.dispose();
      onFinished(result);
      void client.invalidateQueries({ queryKey: registrationsKey });
      void client.invalidateQueries({ queryKey: encountersKey });
    } catch (error) {
      if (error instanceof ApiError && error.status > 0 && error.status < 500) {
        const onDiagnoses = error.errors.find((e) => e.path === 'diagnoses');
        if (onDiagnoses) {
          onDiagnosesError(onDiagnoses.message);
          jump('diagnoses');
        } else notifications.show({ color: 'red', message: error.message });
      } else void reportUnexpectedError(error);
    } finally {
      setFinishing(false);
    }
  };

  const requestFinish = () => {
    if (confirming.current || finishing) return;
    if (!isDoctor) {
      notifications.show({ color: 'orange', message: t('examination.finish.doctorOnly') });
      return;
    }
    if (draft.diagnoses.filter((d) => d.primary).length !== 1) {
      onDiagnosesError(t('consultations.primaryRequired'));
      jump('diagnoses');
      return;
    }
    if (Object.keys(draftErrors(draft)).length) {
      onShowErrors();
      notifications.show({ color: 'orange', message: t('examination.finish.fixFirst') });
      return;
    }
    confirming.current = true;
    modals.openConfirmModal({
      title: t('examination.finish.title'),
      centered: true,
      size: 'md',
      children: (
        <FinishSummary
          content={draft}
          intro={t('examination.finish.intro', { queueNumber: r.queueNumber, name: patientLabel(r) })}
        />
      ),
      labels: { confirm: t('examination.finish.confirm'), cancel: t('examination.finish.cancel') },
      confirmProps: { 'data-autofocus': true },
      onConfirm: () => void finish(),
      onClose: () => {
        confirming.current = false;
      },
    });
  };

  return { finishing, requestFinish };
}
