import type { RoleSummary } from '@klinikita/domain/settings/roles.schema';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useDeleteRole, useRoleMenus, useRoles, useUpdateRoleMenus } from '../api/roles.ts';
import { RoleFormModal } from '../components/role-form-modal.tsx';
import { enabledCodes, RoleMenuTree } from '../components/role-menu-tree.tsx';

const PAGE_SIZE = 12;

/** A warning with the server's message, or the generic toast for what the user cannot fix. */
function showFailure(error: unknown) {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    notifications.show({ color: 'orange', message: translateMessage(error.message) });
  } else {
    void reportUnexpectedError(error);
  }
}

function RoleRow({ role, active, onSelect }: { role: RoleSummary; active: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={active ? 'true' : undefined}
      px="sm"
      py={8}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: active ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={active ? 600 : 500} truncate>
          {role.role}
        </Text>
        <Group gap={6} wrap="nowrap">
          {role.builtIn && (
            <Badge size="xs" variant="light" color="gray">
              {t('web.roles.builtIn')}
            </Badge>
          )}
          <Badge
            size="xs"
            variant="outline"
            leftSection={<IconUsers size={10} />}
            title={t('web.roles.userCount')}
          >
            {role.users}
          </Badge>
        </Group>
      </Group>
    </UnstyledButton>
  );
}

/** `/Setting/roles`: the corporate's roles and, for each, the menu it opens (spec 2.3, 6). */
export function RolesPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const roles = useRoles({ search: debounced || undefined, page, limit: PAGE_SIZE });
  const allRoles = useRoles({ limit: 100 });
  const selectedId = params.get('role') ?? roles.data?.docs[0]?._id ?? null;
  const selected = useMemo(
    () => [...(roles.data?.docs ?? []), ...(allRoles.data?.docs ?? [])].find((r) => r._id === selectedId),
    [roles.data, allRoles.data, selectedId],
  );
  const menus = useRoleMenus(selectedId);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const saved = useMemo(() => enabledCodes(menus.data ?? []), [menus.data]);
  useEffect(() => setTicked(saved), [saved]);
  const [form, setForm] = useState<'add' | 'edit' | null>(null);
  const saveMenus = useUpdateRoleMenus();
  const remove = useDeleteRole();

  const own = selected?._id === user.role._id;
  const readOnly = !selected?.editable || own;
  const dirty = ticked.size !== saved.size || [...ticked].some((c) => !saved.has(c));
  const select = (id: string) => setParams({ role: id }, { replace: true });

  function confirmSave() {
    if (!selected) return;
    modals.openConfirmModal({
      title: t('web.roles.saveTitle', { role: selected.role }),
      children: <Text size="sm">Save now ?</Text>,
      labels: { confirm: t('web.common.save'), cancel: t('web.common.cancel') },
      onConfirm: () =>
        saveMenus.mutate(
          {
            params: { id: selected._id },
            body: { menus: [...ticked].map((code) => ({ code, enabled: true })) },
          },
          {
            onSuccess: (res) => notifications.show({ color: 'teal', message: translateMessage(res.message) }),
            onError: showFailure,
          },
        ),
    });
  }

  function confirmDelete() {
    if (!selected) return;
    modals.openConfirmModal({
      title: t('web.roles.deleteTitle'),
      children: <Text size="sm">{t('web.roles.deleteConfirm', { role: selected.role })}</Text>,
      labels: { confirm: t('web.common.delete'), cancel: t('web.common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { params: { id: selected._id } },
          {
            onSuccess: (res) => {
              notifications.show({ color: 'teal', message: translateMessage(res.message) });
              setParams({}, { replace: true });
            },
            onError: showFailure,
          },
        ),
    });
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('web.roles.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('web.roles.subtitle')}
        </Text>
      </div>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="sm">
            <Stack gap="sm">
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  flex={1}
                  placeholder={t('web.roles.search')}
                  aria-label={t('web.roles.search')}
                  leftSection={<IconSearch size={14} />}
                  value={search}
                  onChange={(e) => {
                    setSearch(e.currentTarget.value);
                    setPage(1);
                  }}
                />
                <Button leftSection={<IconPlus size={14} />} onClick={() => setForm('add')}>
                  {t('web.roles.add')}
                </Button>
              </Group>
              {roles.isLoading ? (
                <Center py="lg">
                  <Loader size="sm" />
                </Center>
              ) : roles.isError ? (
                <Text size="sm" c="red">
                  {t('web.common.loadFailed')}
                </Text>
              ) : roles.data?.docs.length ? (
                <Stack gap={2} role="list" aria-label={t('web.roles.list')}>
                  {roles.data.docs.map((r) => (
                    <RoleRow
                      key={r._id}
                      role={r}
                      active={r._id === selectedId}
                      onSelect={() => select(r._id)}
                    />
                  ))}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {t('web.roles.empty')}
                </Text>
              )}
              {(roles.data?.totalPages ?? 1) > 1 && (
                <Group justify="center">
                  <Pagination size="sm" total={roles.data!.totalPages} value={page} onChange={setPage} />
                </Group>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="md">
            {!selected ? (
              <Text c="dimmed" size="sm">
                {t('web.roles.pick')}
              </Text>
            ) : (
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start">
                  <div>
                    <Title order={3}>{selected.role}</Title>
                    <Text size="sm" c="dimmed">
                      {selected.description || t('web.roles.noDescription')}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Button variant="default" size="xs" onClick={() => setForm('edit')}>
                      {t('web.common.edit')}
                    </Button>
                    {!selected.builtIn && (
                      <Button variant="light" color="red" size="xs" onClick={confirmDelete}>
                        {t('web.common.delete')}
                      </Button>
                    )}
                  </Group>
                </Group>
                {readOnly && (
                  <Alert variant="light" icon={<IconInfoCircle />}>
                    {own ? t('web.roles.ownRole') : t('web.roles.allAccess')}
                  </Alert>
                )}
                {menus.isLoading ? (
                  <Center py="lg">
                    <Loader size="sm" />
                  </Center>
                ) : (
                  <ScrollArea.Autosize mah="calc(100vh - 330px)" type="auto">
                    <RoleMenuTree
                      nodes={menus.data ?? []}
                      selected={ticked}
                      onChange={setTicked}
                      readOnly={readOnly}
                    />
                  </ScrollArea.Autosize>
                )}
                {!readOnly && (
                  <Group justify="space-between">
                    <Text size="xs" c="dimmed">
                      {t('web.roles.selectedCount', { count: ticked.size })}
                    </Text>
                    <Group gap="xs">
                      <Button variant="default" disabled={!dirty} onClick={() => setTicked(saved)}>
                        {t('web.common.reset')}
                      </Button>
                      <Button disabled={!dirty} loading={saveMenus.isPending} onClick={confirmSave}>
                        {t('web.common.save')}
                      </Button>
                    </Group>
                  </Group>
                )}
              </Stack>
            )}
          </Card>
        </Grid.Col>
      </Grid>
      {form && (
        <RoleFormModal
          opened
          onClose={() => setForm(null)}
          role={form === 'edit' ? selected : undefined}
          copyChoices={allRoles.data?.docs ?? []}
          onSaved={(id) => {
            setForm(null);
            select(id);
          }}
        />
      )}
    </Stack>
  );
}
