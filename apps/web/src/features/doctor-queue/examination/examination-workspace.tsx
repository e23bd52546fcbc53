import type { VitalName } from '@klinikita/domain/consultations/consultation.rules';
import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import {
  Alert,
  Button,
  Center,
  Grid,
  Group,
  Kbd,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import type { MedicalCode } from '../../../shared/consultations/codes-api.ts';
import {
  type Encounter,
  type EncounterContent,
  type EncounterFinishResult,
  type EncounterOrderDraft,
  encountersKey,
  finishEncounter,
  type PrescriptionItem,
  type ReferralDraft,
  saveEncounter,
  useOpenEncounter,
  usePatientEncounters,
} from '../../../shared/consultations/encounters-api.ts';
import type { EncounterTemplate } from '../../../shared/consultations/templates-api.ts';
import { registrationsKey } from '../../../shared/registrations/registrations-api.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ExaminationActions } from '../components/examination-actions.tsx';
import { PatientBanner } from '../components/patient-banner.tsx';
import { patientLabel } from '../queue-params.ts';
import { claimSlash } from '../slash-target.ts';
import { CodePicker } from './code-picker.tsx';
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
import { DraftSaver, type SaveState } from './draft-saver.ts';
import { FinishSummary } from './finish-summary.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { OrdersSection } from './orders-section.tsx';
import { PrescriptionSection } from './prescription-section.tsx';
import { ReferralSection } from './referral-section.tsx';
import { SaveStatus } from './save-status.tsx';
import { SectionCard } from './section-card.tsx';
import { SignedNote } from './signed-note.tsx';
import { TemplateActions } from './template-actions.tsx';
import { formatDay } from './visit-format.ts';
import { VitalsSection } from './vitals-section.tsx';

/** The sections Alt+1..6 jump to, in the order of the note. */
const SECTIONS = ['vitals', 'soap', 'diagnoses', 'procedures', 'prescription', 'orders'] as const;
type Section = (typeof SECTIONS)[number];
const sectionId = (s: Section | 'referral') => `exam-${s}`;

/** Save this long after the doctor stops typing. */
export const AUTOSAVE_DELAY_MS = 800;
/** The visits the history panel shows (the current one left out). */
const HISTORY_LIMIT = 6;

const SOAP_FIELDS = ['subjective', 'objective', 'assessment', 'plan'] as const;

function KeyHints({ onJump }: { onJump: (s: Section) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap" aria-label={t('examination.jump.label')} role="navigation">
      {SECTIONS.map((s, i) => (
        <Button
          key={s}
          size="compact-xs"
          variant="subtle"
          color="gray"
          onClick={() => onJump(s)}
          rightSection={
            <Kbd size="xs" aria-hidden>
              {i + 1}
            </Kbd>
          }
        >
          {t(`examination.jump.${s}`)}
        </Button>
      ))}
      <Text size="xs" c="dimmed" data-testid="key-hints">
        {[
          t('examination.hints.sections'),
          t('examination.hints.search'),
          t('examination.hints.finish'),
          t('examination.hints.next'),
        ].join(' · ')}
      </Text>
    </Group>
  );
}

interface EditorProps {
  registration: Registration;
  encounter: Encounter;
  history: { visits: Encounter[]; loading: boolean; failed: boolean };
  onReload: () => void;
  onFinished: (result: EncounterFinishResult) => void;
  saveDelayMs: number;
}

/** The draft being written: every change is kept in state and saved by the DraftSaver. */
function DraftEditor({
  registration: r,
  encounter,
  history,
  onReload,
  onFinished,
  saveDelayMs,
}: EditorProps) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const client = useQueryClient();
  const isDoctor = user.DoctorId !== null;
  const timeZone = user.clinics.find((c) => c.id === r.clinicId)?.timeZone;

  const [draft, setDraft] = useState<EncounterContent>(() => contentOf(encounter));
  const [texts, setTexts] = useState(() => vitalTexts(contentOf(encounter), i18n.language));
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [diagnosesError, setDiagnosesError] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const confirming = useRef(false);
  const diagnosisRef = useRef<HTMLInputElement>(null);
  const procedureRef = useRef<HTMLInputElement>(null);
  const drugRef = useRef<HTMLInputElement>(null);
  const orderRef = useRef<HTMLInputElement>(null);

  const [saver] = useState(
    () =>
      new DraftSaver({
        version: encounter.version,
        delayMs: saveDelayMs,
        save: (input) => saveEncounter(encounter.uid, input),
        onState: setSaveState,
      }),
  );
  // leaving the patient sends what is still waiting; nothing is saved after that
  useEffect(
    () => () => {
      void saver.flush().finally(() => saver.dispose());
    },
    [saver],
  );
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!saver.hasUnsaved) return;
      void saver.flush();
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saver]);

  // the latest draft, also between renders (several changes may come in one event)
  const latest = useRef(draft);
  const update = useCallback(
    (change: (d: EncounterContent) => EncounterContent) => {
      const next = change(latest.current);
      latest.current = next;
      setDraft(next);
      saver.change(next);
    },
    [saver],
  );

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
    [update, i18n],
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
          setDiagnosesError(onDiagnoses.message);
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
      setDiagnosesError(t('consultations.primaryRequired'));
      jump('diagnoses');
      return;
    }
    if (Object.keys(draftErrors(draft)).length) {
      setShowErrors(true);
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

  // Alt+1..6 and Ctrl+Enter work from inside the fields too
  const requestFinishRef = useRef(requestFinish);
  requestFinishRef.current = requestFinish;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && !e.ctrlKey && !e.metaKey) {
        const n = /^Digit([1-6])$/.exec(e.code)?.[1] ?? (/^[1-6]$/.test(e.key) ? e.key : null);
        if (n) {
          e.preventDefault();
          jump(SECTIONS[Number(n) - 1]);
        }
      } else if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
        e.preventDefault();
        requestFinishRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [jump]);
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
          <Stack gap="sm">
            <SectionCard
              sectionId={sectionId('vitals')}
              title={t('examination.sections.vitals')}
              shortcut={1}
            >
              <VitalsSection texts={texts} onChange={on.vital} />
            </SectionCard>
            <SectionCard sectionId={sectionId('soap')} title={t('examination.sections.soap')} shortcut={2}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
                {SOAP_FIELDS.map((field) => (
                  <Textarea
                    key={field}
                    size="sm"
                    label={t(`consultations.soap.${field}`)}
                    autosize
                    minRows={2}
                    maxRows={14}
                    maxLength={5000}
                    value={draft[field] ?? ''}
                    error={errors[field] ? t(errors[field]) : undefined}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      update((d) => ({ ...d, [field]: value === '' ? null : value }));
                    }}
                  />
                ))}
              </SimpleGrid>
            </SectionCard>
            <SectionCard
              sectionId={sectionId('diagnoses')}
              title={t('examination.sections.diagnoses')}
              shortcut={3}
            >
              <CodePicker
                system="icd10"
                clinicId={r.clinicId}
                picked={draft.diagnoses}
                withPrimary
                inputRef={diagnosisRef}
                error={diagnosesError ?? (errors.diagnoses ? t(errors.diagnoses) : null)}
                onPick={on.pickDiagnosis}
                onPrimary={on.primaryDiagnosis}
                onRemove={on.removeDiagnosis}
              />
            </SectionCard>
            <SectionCard
              sectionId={sectionId('procedures')}
              title={t('examination.sections.procedures')}
              shortcut={4}
            >
              <CodePicker
                system="icd9cm"
                clinicId={r.clinicId}
                picked={draft.procedures}
                withPrimary={false}
                inputRef={procedureRef}
                onPick={on.pickProcedure}
                onRemove={on.removeProcedure}
              />
            </SectionCard>
            <SectionCard
              sectionId={sectionId('prescription')}
              title={t('examination.sections.prescription')}
              shortcut={5}
            >
              <PrescriptionSection
                items={draft.prescription}
                searchRef={drugRef}
                onChange={on.prescription}
              />
            </SectionCard>
            <SectionCard
              sectionId={sectionId('orders')}
              title={t('examination.sections.orders')}
              shortcut={6}
            >
              <OrdersSection orders={draft.orders} firstRef={orderRef} onChange={on.orders} />
            </SectionCard>
            <SectionCard sectionId={sectionId('referral')} title={t('examination.sections.referral')}>
              <ReferralSection referral={draft.referral} showErrors={showErrors} onChange={on.referral} />
            </SectionCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3.5 }}>
          <div style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + 96px)' }}>
            <HistoryPanel {...history} />
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

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
