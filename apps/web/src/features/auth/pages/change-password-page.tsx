import { type PasswordChangeInput, passwordChangeSchema } from '@klinikita/domain/auth/password.schema';
import { Alert, Box, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { LanguageSwitch } from '../../../shared/i18n/language-switch.tsx';
import { useLogout } from '../../../shared/session/logout.ts';
import { BrandLogo } from '../../../shared/ui/brand-logo.tsx';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: PasswordChangeInput = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Shown in place of every screen right after a login whose password an Admin chose (a new account
 * or a reset): the user sets their own before anything else opens. The server refuses the rest
 * meanwhile; once saved, the session user is read again and the usual landing follows.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const logout = useLogout();
  const [values, setValues] = useState<PasswordChangeInput>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (field: keyof PasswordChangeInput, value: string) =>
    setValues((v) => ({ ...v, [field]: value }));
  const error = (field: keyof PasswordChangeInput) =>
    errors[field] ? translateMessage(errors[field]) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onError: (failure) => {
        if (failure instanceof ApiError) setErrors(toFieldErrors(failure.errors));
      },
    });
  }

  const failure =
    change.error instanceof ApiError && !isUnexpectedError(change.error) && !change.error.errors.length
      ? change.error.message
      : null;

  return (
    <Stack mih="100vh" p="lg" bg="var(--mantine-color-gray-0)" justify="center" align="center">
      <Box w="100%" maw={440}>
        <Group justify="space-between" mb="md">
          <BrandLogo name={t('web.appName')} size="lg" />
          <LanguageSwitch size="sm" />
        </Group>
        <Card p="xl" shadow="xs">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <div>
                <Title order={3}>{t('web.passwordChange.title')}</Title>
                <Text size="sm" c="dimmed">
                  {t('web.passwordChange.intro')}
                </Text>
              </div>
              {failure && (
                <Alert color="red" variant="light" role="alert">
                  {translateMessage(failure)}
                </Alert>
              )}
              <PasswordInput
                label={t('web.passwordChange.currentPassword')}
                autoComplete="current-password"
                autoFocus
                value={values.currentPassword}
                onChange={(e) => set('currentPassword', e.currentTarget.value)}
                error={error('currentPassword')}
              />
              <PasswordInput
                label={t('web.passwordChange.newPassword')}
                autoComplete="new-password"
                value={values.password}
                onChange={(e) => set('password', e.currentTarget.value)}
                error={error('password')}
              />
              <PasswordInput
                label={t('web.passwordChange.confirmPassword')}
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={(e) => set('confirmPassword', e.currentTarget.value)}
                error={error('confirmPassword')}
              />
              <Button type="submit" fullWidth loading={change.isPending}>
                {t('web.passwordChange.submit')}
              </Button>
              <Button variant="subtle" color="gray" onClick={() => void logout()}>
                {t('web.passwordChange.logout')}
              </Button>
            </Stack>
          </form>
        </Card>
      </Box>
    </Stack>
  );
}
