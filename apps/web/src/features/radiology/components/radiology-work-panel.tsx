import type { Locale } from '@klinikita/domain/i18n/locale';
import { RAD_TEMPLATES, type RadTemplate, TEMPLATE_TEXT } from '@klinikita/domain/radiology/radiology.rules';
import type { RadiologyReport, RadiologyWork } from '@klinikita/domain/radiology/radiology.schema';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconDeviceFloppy,
  IconEdit,
  IconFileTypePdf,
  IconSignature,
  IconTemplate,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import {
  radiologyPdfUrl,
  useAmendRadiologyReport,
  useRadiologyWork,
  useSaveRadiologyDraft,
  useSignRadiologyReport,
} from '../api/radiology-api.ts';
import { RadiologyImages } from './radiology-images.tsx';
import { RadiologyStatusBadge } from './radiology-status.tsx';

/** The radiology work of the visit in `?id=`: the order, the report editor, images, versions, PDF. */
export function RadiologyWorkPanel({ registrationId }: { registrationId: string }) {
  const { t } = useTranslation();
  const work = useRadiologyWork(registrationId);
  if (work.isLoading)
    return (
      <Center py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('radiology.page.loading')}
          </Text>
        </Group>
      </Center>
    );
  if (!work.data)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {work.error instanceof ApiError && work.error.status < 500
          ? work.error.message
          : t('radiology.page.loadFailed')}
      </Alert>
    );
  const w = work.data;
  // a new version or a signature starts the editor again from the server's text
  return <Work key={`${w.report.uid}-${w.report.status}`} work={w} />;
}

function Work({ work }: { work: RadiologyWork }) {
  const { t, i18n } = useTranslation();
  const [warning, setWarning] = useState<string | null>(null);
  const show = (error: Error) => {
    if (isUnexpectedError(error)) void reportUnexpectedError(error);
    else setWarning(error.message);
  };
  return (
    <Stack gap="md" data-testid="radiology-work">
      {warning && (
        <Alert
          color="orange"
          title={t('radiology.page.warning')}
          icon={<IconAlertTriangle size={18} />}
          withCloseButton
          onClose={() => setWarning(null)}
          role="alert"
        >
          {warning}
        </Alert>
      )}
      <OrderBanner work={work} />
      <ReportEditor work={work} onError={show} locale={i18n.language === 'en' ? 'en' : 'id'} />
      <RadiologyImages work={work} onWarning={setWarning} />
      {work.history.length > 0 && <History history={work.history} />}
    </Stack>
  );
}

function OrderBanner({ work }: { work: RadiologyWork }) {
  const { t } = useTranslation();
  const none = t('radiology.page.none');
  const o = work.order;
  const fields = [
    { label: t('radiology.page.accession'), value: work.accessionNumber, mono: true },
    { label: t('radiology.page.modality'), value: t(`radiology.modality.${work.modality}`) },
    {
      label: t('radiology.page.doctor'),
      value: [o.doctorName, o.clinicName].filter(Boolean).join(' · ') || none,
    },
    { label: t('radiology.page.diagnosis'), value: o.diagnosis ?? none },
  ];
  return (
    <Card withBorder padding="md" data-testid="radiology-order">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={600}>{t('radiology.page.order')}</Text>
          {o.cito && (
            <Badge color="red" title={t('radiology.page.citoHint')}>
              {t('radiology.page.cito')}
            </Badge>
          )}
        </Group>
      </Group>
      <Title order={4} mb="xs" data-testid="radiology-examination">
        {work.examination}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {fields.map((f) => (
          <div key={f.label}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text
              size="sm"
              fw={500}
              ff={f.mono ? 'monospace' : undefined}
              data-testid={f.mono ? 'accession' : undefined}
            >
              {f.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {o.note && (
        <>
          <Text size="xs" c="dimmed" mt="xs">
            {t('radiology.page.note')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {o.note}
          </Text>
        </>
      )}
    </Card>
  );
}

interface Text4 {
  template: RadTemplate | null;
  clinicalInfo: string;
  findings: string;
  impression: string;
}

const textOf = (r: RadiologyReport): Text4 => ({
  template: r.template,
  clinicalInfo: r.clinicalInfo ?? '',
  findings: r.findings ?? '',
  impression: r.impression ?? '',
});
const same = (a: Text4, b: Text4) =>
  a.template === b.template &&
  a.clinicalInfo === b.clinicalInfo &&
  a.findings.trimEnd() === b.findings.trimEnd() &&
  a.impression.trimEnd() === b.impression.trimEnd();
const bodyOf = (v: Text4, version: number) => ({
  version,
  template: v.template,
  clinicalInfo: v.clinicalInfo.trim() || null,
  findings: v.findings.trim() ? v.findings : null,
  impression: v.impression.trim() ? v.impression : null,
});

function ReportEditor({
  work,
  onError,
  locale,
}: {
  work: RadiologyWork;
  onError: (error: Error) => void;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const maySign = permissions.has('radiology.sign');
  const report = work.report;
  const signed = report.status === 'signed';
  const saved = textOf(report);
  const [value, setValue] = useState<Text4>(saved);
  const [picked, setPicked] = useState<RadTemplate>(report.template ?? 'chestMcu');
  const save = useSaveRadiologyDraft();
  const sign = useSignRadiologyReport();
  const amend = useAmendRadiologyReport();
  const dirty = !same(value, saved);
  const busy = save.isPending || sign.isPending || amend.isPending;
  const params = { registrationId: work.registrationId };
  const set = (patch: Partial<Text4>) => setValue((v) => ({ ...v, ...patch }));

  const applyTemplate = () => {
    const text = TEMPLATE_TEXT[picked][locale];
    const apply = () => set({ template: picked, findings: text.findings, impression: text.impression });
    if (!value.findings.trim() && !value.impression.trim()) return apply();
    modals.openConfirmModal({
      title: t('radiology.template.replaceTitle'),
      centered: true,
      size: 'sm',
      children: (
        <Text size="sm">
          {t('radiology.template.replaceBody', { name: t(`radiology.template.${picked}`) })}
        </Text>
      ),
      labels: { confirm: t('radiology.template.replace'), cancel: t('radiology.page.cancel') },
      onConfirm: apply,
    });
  };

  const onSave = () =>
    save.mutate(
      { params, body: bodyOf(value, report.version) },
      { onSuccess: (answer) => notifications.show({ color: 'teal', message: answer.message }), onError },
    );

  const doSign = async () => {
    try {
      if (dirty) await save.mutateAsync({ params, body: bodyOf(value, report.version) });
      const answer = await sign.mutateAsync({ params, body: { version: report.version } });
      notifications.show({ color: 'teal', message: answer.message });
    } catch (error) {
      onError(error as Error);
    }
  };
  const confirmSign = () => {
    if (!value.findings.trim() || !value.impression.trim()) {
      onError(new ApiError(409, t('radiology.page.signEmpty')));
      return;
    }
    modals.openConfirmModal({
      title: t('radiology.page.signTitle'),
      centered: true,
      size: 'sm',
      children: <Text size="sm">{t('radiology.page.signBody', { accession: work.accessionNumber })}</Text>,
      labels: { confirm: t('radiology.page.signConfirm'), cancel: t('radiology.page.cancel') },
      onConfirm: () => void doSign(),
    });
  };
  const openAmend = () => {
    let reason = '';
    modals.openConfirmModal({
      title: t('radiology.page.amendTitle'),
      centered: true,
      children: (
        <Stack gap="sm">
          <Text size="sm">{t('radiology.page.amendBody')}</Text>
          <TextInput
            label={t('radiology.page.amendReason')}
            required
            data-autofocus
            onChange={(e) => {
              reason = e.currentTarget.value;
            }}
          />
        </Stack>
      ),
      labels: { confirm: t('radiology.page.amendConfirm'), cancel: t('radiology.page.cancel') },
      onConfirm: () =>
        amend.mutate(
          { params, body: { version: report.version, reason } },
          { onSuccess: (answer) => notifications.show({ color: 'teal', message: answer.message }), onError },
        ),
    });
  };

  return (
    <Card withBorder padding="md" data-testid="radiology-report">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Text fw={600}>{t('radiology.page.report')}</Text>
          <Badge variant="outline" color="gray">
            {t('radiology.page.version', { version: report.version })}
          </Badge>
          <span data-testid="report-status">
            <RadiologyStatusBadge status={report.written || signed ? report.status : 'none'} size="md" />
          </span>
          {dirty && (
            <Text size="xs" c="orange">
              {t('radiology.page.unsaved')}
            </Text>
          )}
        </Group>
        {signed && (
          <Button
            component="a"
            href={radiologyPdfUrl(work.registrationId)}
            target="_blank"
            rel="noopener"
            variant="light"
            leftSection={<IconFileTypePdf size={16} />}
          >
            {t('radiology.page.pdf')}
          </Button>
        )}
      </Group>
      {report.amendmentReason && (
        <Alert color="orange" variant="light" mb="sm" p="xs">
          <Text size="sm">{t('radiology.page.amendedBecause', { reason: report.amendmentReason })}</Text>
        </Alert>
      )}
      {!signed && (
        <Group align="flex-end" gap="sm" mb="sm">
          <Select
            label={t('radiology.template.label')}
            data={RAD_TEMPLATES.map((k) => ({ value: k, label: t(`radiology.template.${k}`) }))}
            value={picked}
            onChange={(v) => v && setPicked(v as RadTemplate)}
            allowDeselect={false}
            w={220}
          />
          <Button
            variant="default"
            leftSection={<IconTemplate size={16} />}
            onClick={applyTemplate}
            disabled={busy}
          >
            {t('radiology.template.apply')}
          </Button>
        </Group>
      )}
      <Stack gap="sm">
        <Textarea
          label={t('radiology.page.clinicalInfo')}
          autosize
          minRows={1}
          maxRows={4}
          value={value.clinicalInfo}
          readOnly={signed}
          onChange={(e) => set({ clinicalInfo: e.currentTarget.value })}
        />
        <Textarea
          label={t('radiology.page.findings')}
          placeholder={t('radiology.page.findingsPlaceholder')}
          autosize
          minRows={5}
          maxRows={16}
          value={value.findings}
          readOnly={signed}
          onChange={(e) => set({ findings: e.currentTarget.value })}
        />
        <Textarea
          label={t('radiology.page.impression')}
          placeholder={t('radiology.page.impressionPlaceholder')}
          autosize
          minRows={2}
          maxRows={6}
          value={value.impression}
          readOnly={signed}
          onChange={(e) => set({ impression: e.currentTarget.value })}
        />
      </Stack>
      <Group justify="space-between" mt="md">
        <Stack gap={0}>
          {report.written && (
            <Text size="xs" c="dimmed">
              {t('radiology.page.writtenBy', {
                name: report.written.name,
                at: formatDateTime(report.written.at, locale),
              })}
            </Text>
          )}
          {report.signed && (
            <Text size="xs" c="blue" fw={500}>
              {t('radiology.page.signedBy', {
                name: report.signed.name,
                at: formatDateTime(report.signed.at, locale),
              })}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          {!signed && (
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={onSave}
              loading={save.isPending && !sign.isPending}
              disabled={busy || !dirty}
            >
              {t('radiology.page.save')}
            </Button>
          )}
          {!signed && maySign && (
            <Button
              leftSection={<IconSignature size={16} />}
              onClick={confirmSign}
              loading={sign.isPending}
              disabled={busy}
            >
              {t('radiology.page.sign')}
            </Button>
          )}
          {signed && maySign && (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconEdit size={16} />}
              onClick={openAmend}
              loading={amend.isPending}
            >
              {t('radiology.page.amend')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

function History({ history }: { history: RadiologyReport[] }) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'id';
  return (
    <Card withBorder padding="md" data-testid="radiology-history">
      <Text fw={600} mb="sm">
        {t('radiology.page.history')}
      </Text>
      <Stack gap="sm">
        {history.map((r) => (
          <Card key={r.uid} withBorder padding="sm" bg="gray.0">
            <Group gap="xs" mb={4}>
              <Badge variant="outline" color="gray">
                {t('radiology.page.version', { version: r.version })}
              </Badge>
              <RadiologyStatusBadge status={r.status} />
              {r.replacedAt && (
                <Text size="xs" c="dimmed">
                  {t('radiology.page.replacedAt', { at: formatDateTime(r.replacedAt, locale) })}
                </Text>
              )}
              {r.signed && (
                <Text size="xs" c="dimmed">
                  {t('radiology.page.signedBy', {
                    name: r.signed.name,
                    at: formatDateTime(r.signed.at, locale),
                  })}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('radiology.page.findings')}
            </Text>
            <Text size="sm" td="line-through" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
              {r.findings}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('radiology.page.impression')}
            </Text>
            <Text size="sm" td="line-through" c="dimmed">
              {r.impression}
            </Text>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
