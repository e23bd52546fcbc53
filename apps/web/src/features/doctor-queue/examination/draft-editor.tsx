import type { VitalName } from '@klinikita/domain/consultations/consultation.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MedicalCode } from '../../../shared/consultations/codes-api.ts';
import type {
  Encounter,
  EncounterFinishResult,
  EncounterOrderDraft,
  PrescriptionItem,
  ReferralDraft,
} from '../../../shared/consultations/encounters-api.ts';
import type { EncounterTemplate } from '../../../shared/consultations/templates-api.ts';
import { LabResultsCard } from '../../../shared/results/lab-results-card.tsx';
import { PhysioCard } from '../../../shared/results/physio-card.tsx';
import { RadiologyReportCard } from '../../../shared/results/radiology-report-card.tsx';
import { TreatmentCard } from '../../../shared/results/treatment-card.tsx';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ExaminationActions } from '../components/examination-actions.tsx';
import { PatientBanner } from '../components/patient-banner.tsx';
import { claimSlash } from '../slash-target.ts';
import {
  addDiagnosis,
  addProcedure,
  applyContent,
  contentOf,
  draftErrors,
  readVital,
  removeDiagnosis,
  setPrimary,
  templateContentOf,
  vitalTexts,
} from './draft-model.ts';
import { DraftSections, type SoapField } from './draft-sections.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { SaveStatus } from './save-status.tsx';
import { KeyHints, type Section, sectionId, useSectionKeys } from './section-keys.tsx';
import { TemplateActions } from './template-actions.tsx';
import { useDraftAutosave } from './use-draft-autosave.ts';
import { useFinishEncounter } from './use-finish-encounter.tsx';
import { formatDay } from './visit-format.ts';

interface EditorProps {
  registration: Registration;
  encounter: Encounter;
  history: { visits: Encounter[]; loading: boolean; failed: boolean };
  onReload: () => void;
  onFinished: (result: EncounterFinishResult) => void;
  saveDelayMs: number;
}

/** The draft being written: every change is kept in state and saved by the DraftSaver. */
export function DraftEditor({
  registration: r,
  encounter,
  history,
  onReload,
  onFinished,
  saveDelayMs,
}: EditorProps) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const isDoctor = user.DoctorId !== null;
  const timeZone = user.clinics.find((c) => c.id === r.clinicId)?.timeZone;

  const { draft, latest, update, saver, saveState } = useDraftAutosave(encounter, saveDelayMs);
  const [texts, setTexts] = useState(() => vitalTexts(contentOf(encounter), i18n.language));
  const [diagnosesError, setDiagnosesError] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const diagnosisRef = useRef<HTMLInputElement>(null);
  const procedureRef = useRef<HTMLInputElement>(null);
  const drugRef = useRef<HTMLInputElement>(null);
  const orderRef = useRef<HTMLInputElement>(null);

  // stable handlers, so a keystroke in one section does not re-render the others
  const on = useMemo(
    () => ({
      vital: (name: VitalName, text: string) => {
        setTexts((current) => ({ ...current, [name]: text }));
        const { value, error } = readVital(name, text);
        // text that is no number at all holds the save (NaN fails the schema) until it is fixed
        update((d) => ({
          ...d,
          [name]: error === 'validation.invalid' && value === null ? Number.NaN : value,
        }));
      },
      soap: (field: SoapField, value: string) =>
        update((d) => ({ ...d, [field]: value === '' ? null : value })),
      pickDiagnosis: (code: MedicalCode) => {
        update((d) => ({ ...d, diagnoses: addDiagnosis(d.diagnoses, code.code, code.titleId) }));
        setDiagnosesError(null);
      },
      primaryDiagnosis: (code: string) => {
        update((d) => ({ ...d, diagnoses: setPrimary(d.diagnoses, code) }));
        setDiagnosesError(null);
      },
      removeDiagnosis: (code: string) =>
        update((d) => ({ ...d, diagnoses: removeDiagnosis(d.diagnoses, code) })),
      pickProcedure: (code: MedicalCode) =>
        update((d) => ({ ...d, procedures: addProcedure(d.procedures, code.code, code.titleId) })),
      removeProcedure: (code: string) =>
        update((d) => ({ ...d, procedures: d.procedures.filter((p) => p.code !== code) })),
      prescription: (prescription: PrescriptionItem[]) => update((d) => ({ ...d, prescription })),
      orders: (orders: EncounterOrderDraft[]) => update((d) => ({ ...d, orders })),
      referral: (referral: ReferralDraft | null) => update((d) => ({ ...d, referral })),
      templateContent: () => templateContentOf(latest.current),
      applyTemplate: (tpl: EncounterTemplate) => {
        update((d) => applyContent(d, tpl.content));
        setDiagnosesError(null);
        notifications.show({
          color: 'teal',
          message: i18n.t('examination.templates.applied', { name: tpl.name }),
        });
      },
    }),
    [update, latest, i18n],
  );

  const jump = useCallback((section: Section) => {
    const el = document.getElementById(sectionId(section));
    if (!el) return;
    el.scrollIntoView({ block: 'start' });
    const refs: Partial<Record<Section, HTMLInputElement | null>> = {
      diagnoses: diagnosisRef.current,
      procedures: procedureRef.current,
      prescription: drugRef.current,
      orders: orderRef.current,
    };
    const target = refs[section] ?? el.querySelector<HTMLElement>('input:not([disabled]), textarea');
    target?.focus({ preventScroll: true });
  }, []);

  const { finishing, requestFinish } = useFinishEncounter({
    registration: r,
    encounter,
    draft,
    saver,
    isDoctor,
    onFinished,
    onDiagnosesError: setDiagnosesError,
    onShowErrors: () => setShowErrors(true),
    jump,
  });
  useSectionKeys(jump, requestFinish);
  useEffect(claimSlash, []);
  useHotkeys([['/', () => diagnosisRef.current?.focus()]]);

  const lastSigned = history.visits.find((v) => v.status === 'signed');
  const copyLast = () => {
    if (!lastSigned) return;
    update((d) =>
      applyContent(d, {
        subjective: lastSigned.subjective,
        objective: lastSigned.objective,
        assessment: lastSigned.assessment,
        plan: lastSigned.plan,
        diagnoses: lastSigned.diagnoses,
        procedures: [],
        prescription: lastSigned.prescription,
      }),
    );
    setDiagnosesError(null);
    notifications.show({
      color: 'teal',
      message: t('examination.copyLast.done', {
        date: formatDay(lastSigned.registration.queueDate, i18n.language),
      }),
    });
  };

  const errors = useMemo(() => (showErrors ? draftErrors(draft) : {}), [draft, showErrors]);

  return (
    <Stack gap="sm">
      <PatientBanner
        registration={r}
        actions={
          <ExaminationActions
            registration={r}
            onFinish={isDoctor ? requestFinish : undefined}
            finishing={finishing}
          />
        }
      />
      <Paper
        px="sm"
        py={6}
        shadow="xs"
        withBorder
        style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + 4px)', zIndex: 5 }}
      >
        <Group justify="space-between" gap="xs" wrap="wrap">
          <SaveStatus
            state={saveState}
            onRetry={() => saver.retry()}
            onReload={onReload}
            timeZone={timeZone}
          />
          <Group gap={6}>
            <Tooltip label={t('examination.copyLast.none')} disabled={Boolean(lastSigned)}>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconCopy size={14} />}
                disabled={!lastSigned}
                onClick={copyLast}
              >
                {t('examination.copyLast.button')}
              </Button>
            </Tooltip>
            <TemplateActions content={on.templateContent} onApply={on.applyTemplate} />
          </Group>
        </Group>
        <KeyHints onJump={jump} />
      </Paper>

      {saveState.kind === 'conflict' && (
        <Alert color="red" title={t('examination.save.conflict')}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{saveState.message}</Text>
            <Button size="xs" color="red" onClick={onReload}>
              {t('examination.save.reload')}
            </Button>
          </Group>
        </Alert>
      )}

      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 8.5 }}>
          <DraftSections
            clinicId={r.clinicId}
            draft={draft}
            texts={texts}
            errors={errors}
            diagnosesError={diagnosesError}
            showErrors={showErrors}
            on={on}
            refs={{
              diagnoses: diagnosisRef,
              procedures: procedureRef,
              prescription: drugRef,
              orders: orderRef,
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3.5 }}>
          <div style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + 96px)' }}>
            <HistoryPanel {...history} />
            <LabResultsCard patientUid={r.patient.uid} mt="sm" />
            <RadiologyReportCard patientUid={r.patient.uid} mt="sm" />
            <PhysioCard patientUid={r.patient.uid} mt="sm" />
            <TreatmentCard patientUid={r.patient.uid} mt="sm" />
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
