import { portalUserCreateSchema } from '@klinikita/domain/partner-companies/portal-users.schema';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import {
  type PortalUser,
  useAddPortalUser,
  usePortalUsers,
  useSetPortalUserActive,
} from '../api/partner-companies-api.ts';
import { FORM_ERROR, serverErrors } from './company-format.ts';

/**
 * "Akun portal": the company HR's logins to the company portal (issue 20 §8) — listed, added
 * (name, username, password by the staff accounts' rules), deactivated (their sessions end) and
 * reactivated. Without `manage` the list reads only.
 */
export function PortalUsersTab({ companyUid, manage }: { companyUid: string; manage: boolean }) {
  const { t } = useTranslation();
  const s = (key: string, params: Record<string, unknown> = {}) =>
    t(`partnerCompanies.screen.${key}`, params);
  const users = usePortalUsers(companyUid);
  const setActive = useSetPortalUserActive();
  const [adding, setAdding] = useState(false);
  const docs = users.data ?? [];

  const change = (u: PortalUser, active: boolean) =>
    setActive.mutate(
      { params: { uid: companyUid, userUid: u.uid }, body: { active } },
      {
        onSuccess: (answer) =>
          notifications.show({ color: 'teal', message: translateMessage(answer.message) }),
      },
    );
  const confirmDeactivate = (u: PortalUser) =>
    modals.openConfirmModal({
      title: s('deactivate'),
      children: <Text size="sm">{s('deactivatePortalUserConfirm', { username: u.username })}</Text>,
      labels: { confirm: s('deactivate'), cancel: s('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => change(u, false),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" flex="1 1 320px">
          {s('portalUsersHint')}
        </Text>
        {manage && (
          <Button size="xs" onClick={() => setAdding(true)}>
            {s('addPortalUser')}
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label={s('tabPortalUsers')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{s('portalUserName')}</Table.Th>
              <Table.Th>{s('portalUsername')}</Table.Th>
              <Table.Th>{s('colStatus')}</Table.Th>
              {manage && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.map((u) => (
              <Table.Tr key={u.uid}>
                <Table.Td>{u.name}</Table.Td>
                <Table.Td>{u.username}</Table.Td>
                <Table.Td>
                  <Badge color={u.active ? 'teal' : 'gray'} variant="light">
                    {u.active ? s('active') : s('inactive')}
                  </Badge>
                </Table.Td>
                {manage && (
                  <Table.Td ta="right">
                    <Button
                      size="compact-xs"
                      variant={u.active ? 'subtle' : 'light'}
                      color={u.active ? 'red' : undefined}
                      loading={setActive.isPending && setActive.variables?.params.userUid === u.uid}
                      onClick={() => (u.active ? confirmDeactivate(u) : change(u, true))}
                    >
                      {u.active ? s('deactivate') : s('activate')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {users.isSuccess && docs.length === 0 && (
        <Text c="dimmed" size="sm">
          {s('portalUsersEmpty')}
        </Text>
      )}
      {users.isError && <Alert color="red">{s('loadFailed')}</Alert>}
      {adding && <PortalUserForm companyUid={companyUid} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

type Field = 'name' | 'username' | 'password';

/** A new portal account: the input stays when refused; a taken username shows under its field. */
function PortalUserForm({ companyUid, onClose }: { companyUid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const s = (key: string) => t(`partnerCompanies.screen.${key}`);
  const [values, setValues] = useState<Record<Field, string>>({ name: '', username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddPortalUser();
  const set = (key: Field, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = portalUserCreateSchema.safeParse(values);
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    add.mutate(
      { params: { uid: companyUid }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && !error.errors.length)
            return setErrors({ username: error.message });
          const mapped = serverErrors(error);
          if (mapped) setErrors(mapped);
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={s('addPortalUser')} closeOnClickOutside={false}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={s('portalUserName')}
            required
            maxLength={30}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errorOf('name')}
          />
          <TextInput
            label={s('portalUsername')}
            required
            maxLength={30}
            autoComplete="off"
            value={values.username}
            onChange={(e) => set('username', e.currentTarget.value)}
            error={errorOf('username')}
          />
          <PasswordInput
            label={s('portalPassword')}
            required
            maxLength={128}
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={errorOf('password')}
          />
          {errors[FORM_ERROR] && <Alert color="orange">{translateMessage(errors[FORM_ERROR])}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {s('cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {s('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
