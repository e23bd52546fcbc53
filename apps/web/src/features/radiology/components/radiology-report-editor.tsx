import type { Locale } from '@klinikita/domain/i18n/locale';
import { RAD_TEMPLATES, type RadTemplate, TEMPLATE_TEXT } from '@klinikita/domain/radiology/radiology.rules';
import type { RadiologyReport, RadiologyWork } from '@klinikita/domain/radiology/radiology.schema';
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconDeviceFloppy,
  IconEdit,
  IconFileTypePdf,
  IconSignature,
  IconTemplate,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import {
  radiologyPdfUrl,
  useAmendRadiologyReport,
  useSaveRadiologyDraft,
  useSignRadiologyReport,
} from '../api/radiology-api.ts';
import { RadiologyStatusBadge } from './radiology-status.tsx';

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

/** The report of the current version: template, text, save, sign and amend. */
export function RadiologyReportEditor({
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
