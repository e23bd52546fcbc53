import {
  SATUSEHAT_ENVIRONMENTS,
  type SatusehatEnvironmentName,
  type SatusehatSettingsAnswer,
  satusehatSettingsSaveSchema,
} from '@klinikita/domain/satusehat/satusehat-settings.schema';
import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { currentLocale, translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSaveSatusehatSettings, useTestSatusehatConnection } from '../api/satusehat-settings.ts';

const FORM_ERROR = '_form';

interface Values {
  environment: SatusehatEnvironmentName;
  clientId: string;
  clientSecret: string;
  organizationId: string;
}

const valuesOf = (s: SatusehatSettingsAnswer): Values => ({
  environment: s.environment,
  clientId: s.clientId,
  clientSecret: '',
  organizationId: s.organizationId,
});

/**
 * The clinic's connection: environment, client id, the write-only secret (empty keeps the stored
 * one), organization id; "Tes koneksi" on the saved settings says plainly what failed.
 */
export function ConnectionForm({ settings }: { settings: SatusehatSettingsAnswer }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; message: string; detail: string | null } | null>(null);
  const save = useSaveSatusehatSettings();
  const test = useTestSatusehatConnection();
  const saved = valuesOf(settings);
  const dirty = (Object.keys(values) as (keyof Values)[]).some((k) => values[k] !== saved[k]);

  const set = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
    setResult(null);
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  function refused(error: unknown) {
    if (!(error instanceof ApiError) || isUnexpectedError(error)) {
      void reportUnexpectedError(error);
      return;
    }
    const fields = toFieldErrors(error.errors);
    setErrors(Object.keys(fields).length ? fields : { [FORM_ERROR]: error.message });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const body = { clinicId: settings.clinicId, ...values };
    const parsed = satusehatSettingsSaveSchema.safeParse(body);
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    if (!settings.secretSet && !values.clientSecret.trim())
      return setErrors({ clientSecret: 'satusehatSettings.clientSecretRequired' });
    setErrors({});
    save.mutate(
      { body: parsed.data },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'teal', message: translateMessage(res.message) });
          if (res.data) setValues(valuesOf(res.data));
        },
        onError: refused,
      },
    );
  }

  function runTest() {
    setResult(null);
    test.mutate(
      { body: { clinicId: settings.clinicId } },
      {
        onSuccess: (res) =>
          setResult({ ok: Boolean(res.data?.ok), message: res.message, detail: res.data?.detail ?? null }),
        onError: refused,
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate aria-label={t('satusehatSettings.connection')}>
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={3}>{t('satusehatSettings.connection')}</Title>
            <Text size="xs" c="dimmed">
              {settings.updatedAt
                ? t('satusehatSettings.lastSaved', {
                    at: formatDateTime(settings.updatedAt, currentLocale()),
                  })
                : t('satusehatSettings.notConfiguredYet')}
            </Text>
          </Group>
          <Select
            label={t('satusehatSettings.environment')}
            data={SATUSEHAT_ENVIRONMENTS.map((e) => ({
              value: e,
              label: t(`satusehatSettings.environments.${e}`),
            }))}
            value={values.environment}
            onChange={(v) => v && set('environment', v)}
            allowDeselect={false}
            error={errorOf('environment')}
            required
          />
          <TextInput
            label={t('satusehatSettings.clientId')}
            value={values.clientId}
            onChange={(e) => set('clientId', e.currentTarget.value)}
            error={errorOf('clientId')}
            autoComplete="off"
            required
          />
          <PasswordInput
            label={t('satusehatSettings.clientSecret')}
            placeholder={settings.secretSet ? t('satusehatSettings.secretStored') : undefined}
            description={
              settings.secretSet ? t('satusehatSettings.secretHint') : t('satusehatSettings.secretHintNew')
            }
            value={values.clientSecret}
            onChange={(e) => set('clientSecret', e.currentTarget.value)}
            error={errorOf('clientSecret')}
            autoComplete="new-password"
            required={!settings.secretSet}
          />
          <TextInput
            label={t('satusehatSettings.organizationId')}
            value={values.organizationId}
            onChange={(e) => set('organizationId', e.currentTarget.value)}
            error={errorOf('organizationId')}
            autoComplete="off"
            required
          />
          {errors[FORM_ERROR] && (
            <Alert color="red" variant="light">
              {translateMessage(errors[FORM_ERROR])}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {t('satusehatSettings.save')}
            </Button>
            <Button
              variant="light"
              onClick={runTest}
              loading={test.isPending}
              disabled={dirty || !settings.configured}
            >
              {t('satusehatSettings.testConnection')}
            </Button>
            {dirty && settings.configured && (
              <Text size="xs" c="dimmed">
                {t('satusehatSettings.saveFirst')}
              </Text>
            )}
          </Group>
          {result && (
            <Alert color={result.ok ? 'teal' : 'red'} variant="light" role="status">
              <Text size="sm">{result.message}</Text>
              {result.detail && (
                <Text size="xs" c="dimmed" mt={4}>
                  SATUSEHAT: {result.detail}
                </Text>
              )}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
