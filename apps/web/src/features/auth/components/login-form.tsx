import type { LoginInput } from '@klinikita/domain/auth/auth.schema';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useLogin } from '../api/login.ts';

interface LoginFormProps {
  values: LoginInput;
  onChange: (values: LoginInput) => void;
  onLoggedIn: () => void;
}

/** Username and password; Enter submits; errors sit next to their field and the input is kept. */
const loadLoginSchema = () => import('@klinikita/domain/auth/auth.schema');

export function LoginForm({ values, onChange, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    // the shared schema (and zod with it) loads on the first submit, not with the login page
    const { loginSchema } = await loadLoginSchema();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: onLoggedIn,
      onError: (error) => {
        if (error instanceof ApiError) setErrors(toFieldErrors(error.errors));
      },
    });
  }

  const failure =
    login.error instanceof ApiError && !isUnexpectedError(login.error) ? login.error.message : null;
  // fetch the schema once the user starts typing, so the submit does not wait for it and the form
  // is not busy with it the moment it appears
  const schemaAsked = useRef(false);
  const askSchema = () => {
    if (schemaAsked.current) return;
    schemaAsked.current = true;
    void loadLoginSchema();
  };
  const fieldError = (field: keyof LoginInput) =>
    errors[field] ? translateMessage(errors[field]) : undefined;

  return (
    <form onSubmit={submit} onInput={askSchema} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title={t('web.login.failed')} role="alert">
            {translateMessage(failure)}
          </Alert>
        )}
        <TextInput
          label={t('web.login.username')}
          placeholder={t('web.login.usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          value={values.username}
          onChange={(e) => onChange({ ...values, username: e.currentTarget.value })}
          error={fieldError('username')}
        />
        <PasswordInput
          label={t('web.login.password')}
          placeholder={t('web.login.passwordPlaceholder')}
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => onChange({ ...values, password: e.currentTarget.value })}
          error={fieldError('password')}
        />
        <Button type="submit" fullWidth loading={login.isPending} mt="xs">
          {t('web.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
