import type { Locale } from '@klinikita/domain/i18n/locale';
import type { LabWork } from '@klinikita/domain/lab/lab-results.schema';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconDeviceFloppy,
  IconEdit,
  IconPrinter,
  IconRosetteDiscountCheck,
  IconSend,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { emptyCount, errorsOnFields, isCritical, saveBody } from '../../../shared/lab/lab-results-model.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import {
  labResultsPdfUrl,
  useAmendLabResults,
  useLabWork,
  useReleaseLabResults,
  useSaveLabResults,
  useValidateLabResults,
} from '../api/lab-results-api.ts';
import { LabResultsAmendModal } from './lab-results-amend.tsx';
import { useLabEntry } from './lab-results-entry.ts';
import { LabResultsHistory } from './lab-results-history.tsx';
import { LabResultsTable } from './lab-results-table.tsx';

const STATUS_COLORS = { draft: 'gray', validated: 'blue', released: 'teal', replaced: 'gray' } as const;

type Actions = {
  save: ReturnType<typeof useSaveLabResults>;
  validate: ReturnType<typeof useValidateLabResults>;
  release: ReturnType<typeof useReleaseLabResults>;
  amend: ReturnType<typeof useAmendLabResults>;
};

/** A refusal the lab can act on as an alert; anything else as the generic toast. */
const alertOf = (error: Error, show: (message: string) => void) => {
  if (isUnexpectedError(error)) void reportUnexpectedError(error);
  else show(error.message);
};

/**
 * The results of a lab visit (issue 16): one table per ordered test, saved in one call, then
 * validated and released (`lab.result.validate`); a released report is read-only and corrected
 * by an amendment, the replaced versions listed below.
 */
export function LabResultsPanel({ registrationId }: { registrationId: string }) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const canEnter = permissions.has('lab.result.enter');
  const work = useLabWork(registrationId, canEnter);
  // the writes live here: their answers arrive even when a new version remounts the form below
  const actions: Actions = {
    save: useSaveLabResults(),
    validate: useValidateLabResults(),
    release: useReleaseLabResults(),
    amend: useAmendLabResults(),
  };
  if (!canEnter) return null;
  if (work.isLoading) {
    return (
      <Card withBorder padding="md">
        <Center>
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('labResults.loading')}
            </Text>
          </Group>
        </Center>
      </Card>
    );
  }
  if (!work.data) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('labResults.loadFailed')}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{work.error instanceof ApiError ? work.error.message : ''}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void work.refetch()}>
            {t('labResults.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const report = work.data.report;
  return (
    <ReportForm
      // a new status or version starts the form again from what the server holds
      key={`${report?.status ?? 'draft'}-${report?.version ?? 1}`}
      work={work.data}
      actions={actions}
      canValidate={permissions.has('lab.result.validate')}
      onReload={() => void work.refetch()}
    />
  );
}

function ReportForm({
  work,
  actions,
  canValidate,
  onReload,
}: {
  work: LabWork;
  actions: Actions;
  canValidate: boolean;
  onReload: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'id';
  const user = useSessionUser();
  const timeZone = user.clinics.find((c) => c.id === work.clinicId)?.timeZone;
  const { report, tests } = work;
  const status = report?.status ?? 'draft';
  const editable = status === 'draft';
  const saveButton = useRef<HTMLButtonElement>(null);
  const busy = Object.values(actions).some((a) => a.isPending);
  const { entry, texts, dirty, showErrors, reset } = useLabEntry(work, saveButton, !editable || busy);
  const [alert, setAlert] = useState<{ conflict: boolean; messages: string[] } | null>(null);
  const [amending, setAmending] = useState(false);
  const params = { registrationId: work.registrationId };
  const values = new Map(report?.values.map((v) => [v.parameterUid, v]) ?? []);
  const parameterName = new Map(
    tests.flatMap((x) => x.parameters).map((p) => [p.uid, locale === 'en' ? p.nameEn : p.nameId]),
  );
  const critical = report?.values.filter((v) => isCritical(v.flag)) ?? [];
  const empty = emptyCount(tests, report);

  const save = () => {
    const { body, errors } = saveBody(tests, texts, report?.version ?? null);
    if (Object.keys(errors).length > 0) {
      showErrors(errors);
      setAlert({ conflict: false, messages: ['labResults.fieldsInvalid'] });
      return;
    }
    setAlert(null);
    actions.save.mutate(
      { params, body },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: answer.message });
          if (answer.data) reset(answer.data);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setAlert({ conflict: true, messages: [error.message] });
          } else if (error instanceof ApiError && error.status === 400) {
            const { fields, other } = errorsOnFields(error.errors, body);
            showErrors(fields);
            setAlert({ conflict: false, messages: other.length > 0 ? other : [error.message] });
          } else alertOf(error, (m) => setAlert({ conflict: false, messages: [m] }));
        },
      },
    );
  };
  const simple = (action: Actions['validate'] | Actions['release']) =>
    action.mutate(
      { params },
      {
        onSuccess: (answer) => notifications.show({ color: 'teal', message: answer.message }),
        onError: (error) =>
          alertOf(error, (m) =>
            setAlert({ conflict: error instanceof ApiError && error.status === 409, messages: [m] }),
          ),
      },
    );
  const confirmRelease = () =>
    modals.openConfirmModal({
      title: t('labResults.releaseConfirmTitle'),
      centered: true,
      children: <Text size="sm">{t('labResults.releaseConfirm')}</Text>,
      labels: { confirm: t('labResults.release'), cancel: t('labResults.cancel') },
      onConfirm: () => simple(actions.release),
    });

  const validateBlocked = !canValidate
    ? t('labResults.validateNoRight')
    : dirty
      ? t('labResults.validateUnsaved')
      : empty > 0
        ? t('labResults.validateEmpty', { count: empty })
        : null;
  const by = (key: string, who: { name: string; at: string } | null | undefined) =>
    who ? t(key, { name: who.name, time: formatDateTime(who.at, locale, timeZone) }) : null;
  const signatures = [
    by('labResults.entered', report?.entered),
    by('labResults.validatedBy', report?.validated),
    by('labResults.releasedBy', report?.released),
  ].filter(Boolean);

  return (
    <Card withBorder padding="md" data-testid="lab-results">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Group gap="xs">
              <Title order={3} size="h4">
                {t('labResults.title')}
              </Title>
              <Badge variant="light" color={STATUS_COLORS[status]} data-testid="lab-report-status">
                {t(`labResults.status.${status}`)}
              </Badge>
              {report && report.version > 1 && (
                <Badge variant="outline" color="gray">
                  {t('labResults.version', { version: report.version })}
                </Badge>
              )}
            </Group>
            {signatures.map((line) => (
              <Text key={line} size="xs" c="dimmed">
                {line}
              </Text>
            ))}
            {report?.amendmentReason && (
              <Text size="xs" c="orange.8">
                {t('labResults.amendmentReason', { reason: report.amendmentReason })}
              </Text>
            )}
          </div>
          {tests.length > 0 && (
            // the steps after entry at the top, clear of the toasts at the bottom of the screen
            <Stack gap={4} align="flex-end">
              <Group gap="xs">
                {editable && (
                  <Tooltip label={validateBlocked} disabled={!validateBlocked}>
                    <Button
                      variant="light"
                      leftSection={<IconRosetteDiscountCheck size={16} />}
                      disabled={Boolean(validateBlocked) || busy}
                      loading={actions.validate.isPending}
                      onClick={() => simple(actions.validate)}
                    >
                      {t('labResults.validate')}
                    </Button>
                  </Tooltip>
                )}
                {status === 'validated' && canValidate && (
                  <Button
                    color="teal"
                    leftSection={<IconSend size={16} />}
                    loading={actions.release.isPending}
                    onClick={confirmRelease}
                  >
                    {t('labResults.release')}
                  </Button>
                )}
                {status === 'released' && (
                  <Button
                    component="a"
                    href={labResultsPdfUrl(work.registrationId)}
                    target="_blank"
                    rel="noopener"
                    variant="default"
                    leftSection={<IconPrinter size={16} />}
                    title={t('labResults.printTitle')}
                  >
                    {t('labResults.print')}
                  </Button>
                )}
                {status === 'released' && canValidate && (
                  <Button
                    variant="light"
                    color="orange"
                    leftSection={<IconEdit size={16} />}
                    onClick={() => setAmending(true)}
                  >
                    {t('labResults.amend')}
                  </Button>
                )}
              </Group>
              {editable && validateBlocked && (
                <Text size="xs" c="dimmed" ta="right" maw={320} data-testid="validate-reason">
                  {validateBlocked}
                </Text>
              )}
            </Stack>
          )}
        </Group>

        {alert && (
          <Alert
            color={alert.conflict ? 'red' : 'orange'}
            icon={<IconAlertTriangle size={18} />}
            title={alert.conflict ? t('labResults.conflictTitle') : undefined}
            withCloseButton
            onClose={() => setAlert(null)}
            role="alert"
          >
            <Group justify="space-between" gap="xs">
              <Stack gap={0}>
                {alert.messages.map((m) => (
                  <Text key={m} size="sm">
                    {translateMessage(m)}
                  </Text>
                ))}
              </Stack>
              {alert.conflict && (
                <Button size="xs" color="red" variant="light" onClick={onReload}>
                  {t('labResults.reload')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {critical.length > 0 && (
          <Alert
            color="red"
            variant="filled"
            icon={<IconAlertTriangle size={18} />}
            title={t(status === 'released' ? 'labResults.criticalReleased' : 'labResults.critical')}
          >
            {t('labResults.criticalList', {
              items: critical.map((v) => parameterName.get(v.parameterUid) ?? '').join(', '),
            })}
          </Alert>
        )}
        {status === 'validated' && <Text size="sm">{t('labResults.validatedReadOnly')}</Text>}
        {status === 'released' && <Text size="sm">{t('labResults.releasedReadOnly')}</Text>}
        {work.order.unmatchedItems.length > 0 && (
          <Text size="sm" c="orange.8">
            {t('labResults.order.unmatched', { items: work.order.unmatchedItems.join(', ') })}
          </Text>
        )}
        {tests.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('labResults.order.noTests')}
          </Text>
        )}
        {tests.map((test) => (
          <LabResultsTable
            key={test.serviceUid}
            test={test}
            values={values}
            entry={editable ? entry : null}
          />
        ))}

        {editable && tests.length > 0 && (
          <Group justify="space-between" gap="sm" align="center">
            <Text size="xs" c="dimmed">
              {t('labResults.keyHint')}
            </Text>
            <Button
              ref={saveButton}
              leftSection={<IconDeviceFloppy size={16} />}
              loading={actions.save.isPending}
              disabled={busy && !actions.save.isPending}
              onClick={save}
            >
              {t('labResults.save')}
            </Button>
          </Group>
        )}

        <LabResultsHistory history={work.history} tests={tests} timeZone={timeZone} />
      </Stack>
      <LabResultsAmendModal
        opened={amending}
        onClose={() => setAmending(false)}
        onAmend={(reason, handlers) =>
          actions.amend.mutate(
            { params, body: { reason } },
            {
              onSuccess: (answer) => {
                notifications.show({ color: 'teal', message: answer.message });
                handlers.onSuccess();
              },
              onError: handlers.onError,
            },
          )
        }
      />
    </Card>
  );
}
