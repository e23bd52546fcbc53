import {
  ACCOUNT_KEYS,
  type AccountKey,
  DEFAULT_ACCOUNTS,
} from '@klinikita/domain/accounting/accounting.rules';
import { saveMappingSchema } from '@klinikita/domain/accounting/accounting.schema';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useAccountMapping, useSaveAccountMapping } from '../api/accounting-api.ts';

type Accounts = Record<AccountKey, { code: string; name: string }>;

/** The clinic's account per key: its own, or the default shown beside it; saved all at once. */
export function MappingTab({ clinicId }: { clinicId: number }) {
  const { t } = useTranslation();
  const mapping = useAccountMapping(clinicId);
  const save = useSaveAccountMapping(clinicId);
  const [values, setValues] = useState<Accounts | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (mapping.data)
      setValues(
        Object.fromEntries(
          mapping.data.accounts.map((a) => [a.key, { code: a.code, name: a.name }]),
        ) as Accounts,
      );
  }, [mapping.data]);

  if (mapping.isError)
    return (
      <Alert color="red" title={t('accounting.screen.failed')}>
        {translateMessage(mapping.error.message)}
      </Alert>
    );
  if (!values) return <Loader size="sm" />;

  const set = (key: AccountKey, field: 'code' | 'name', value: string) =>
    setValues({ ...values, [key]: { ...values[key], [field]: value } });
  const body = { clinicId, accounts: ACCOUNT_KEYS.map((key) => ({ key, ...values[key] })) };
  const submit = () => {
    const parsed = saveMappingSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { body: parsed.data },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('accounting.screen.saved') }),
        onError: (e) => {
          if (e instanceof ApiError && e.errors.length) setErrors(toFieldErrors(e.errors));
          else
            notifications.show({
              color: 'red',
              title: t('accounting.screen.saveFailed'),
              message: translateMessage(e.message),
            });
        },
      },
    );
  };
  const errorOf = (i: number, field: 'code' | 'name') => {
    const e = errors[`accounts.${i}.${field}`];
    return e ? translateMessage(e) : undefined;
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('accounting.screen.mappingNote')}
      </Text>
      <Table aria-label={t('accounting.screen.mappingTab')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('accounting.screen.account')}</Table.Th>
            <Table.Th>{t('accounting.screen.accountCode')}</Table.Th>
            <Table.Th>{t('accounting.screen.accountName')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ACCOUNT_KEYS.map((key, i) => {
            const fallback = DEFAULT_ACCOUNTS[key];
            const isDefault = values[key].code === fallback.code && values[key].name === fallback.name;
            const label = t(`accounting.keys.${key}`);
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text size="sm">{label}</Text>
                  <Text size="xs" c="dimmed">
                    {t('accounting.screen.defaultHint', { code: fallback.code, name: fallback.name })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${t('accounting.screen.accountCode')} ${label}`}
                    value={values[key].code}
                    onChange={(e) => set(key, 'code', e.currentTarget.value)}
                    error={errorOf(i, 'code')}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${t('accounting.screen.accountName')} ${label}`}
                    value={values[key].name}
                    onChange={(e) => set(key, 'name', e.currentTarget.value)}
                    error={errorOf(i, 'name')}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="light" color={isDefault ? 'gray' : 'blue'}>
                      {t(isDefault ? 'accounting.screen.default' : 'accounting.screen.own')}
                    </Badge>
                    {!isDefault && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setValues({ ...values, [key]: fallback })}
                      >
                        {t('accounting.screen.reset')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={submit}>
          {t('accounting.screen.save')}
        </Button>
      </Group>
    </Stack>
  );
}
