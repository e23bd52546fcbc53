import type { LabPanelItem, LabTestDetail } from '@klinikita/domain/lab/lab-catalogue.schema';
import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionFailure, toggleFeedback } from '../../../shared/ui/list-page.tsx';
import { useLabTests, useSetPanelItems } from '../api/lab-catalogue-api.ts';

/**
 * A panel's tests, in order: added from the active single tests, removed or moved one by one.
 * Every change is saved at once (the server answers the panel as it now is).
 */
export function PanelItemsEditor({ panel, canManage }: { panel: LabTestDetail; canManage: boolean }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  const tests = useLabTests({ kind: 'test', active: 'true', page: 1, limit: 100 }, canManage);
  const save = useSetPanelItems();
  const held = new Set(panel.items.map((i) => i.uid));
  const candidates = (tests.data?.docs ?? [])
    .filter((d) => !held.has(d.uid))
    .map((d) => ({ value: d.uid, label: `${d.code} — ${d.nameId}` }));

  const put = (items: LabPanelItem[] | string[], after?: () => void) =>
    save.mutate(
      { params: { uid: panel.uid }, body: { items: items.map((i) => (typeof i === 'string' ? i : i.uid)) } },
      {
        onSuccess: (res) => {
          toggleFeedback.onSuccess(res);
          after?.();
        },
        onError: showActionFailure,
      },
    );
  const move = (index: number, by: -1 | 1) => {
    const items = [...panel.items];
    [items[index], items[index + by]] = [items[index + by], items[index]];
    put(items);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('labCatalogue.panelHint')}
      </Text>
      <Table verticalSpacing="xs" aria-label={t('labCatalogue.panelTests')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>#</Table.Th>
            <Table.Th w={140}>{t('labCatalogue.colCode')}</Table.Th>
            <Table.Th>{t('labCatalogue.colName')}</Table.Th>
            <Table.Th w={100}>{t('labCatalogue.colStatus')}</Table.Th>
            {canManage && <Table.Th w={200} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {panel.items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={canManage ? 5 : 4}>
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {t('labCatalogue.noPanelTests')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {panel.items.map((item, i) => (
            <Table.Tr key={item.uid}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {item.code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.nameId}</Text>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={item.active ? 'teal' : 'gray'}>
                  {item.active ? t('labCatalogue.active') : t('labCatalogue.inactive')}
                </Badge>
              </Table.Td>
              {canManage && (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      disabled={i === 0 || save.isPending}
                      aria-label={t('labCatalogue.moveUp', { name: item.nameId })}
                      onClick={() => move(i, -1)}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={i === panel.items.length - 1 || save.isPending}
                      aria-label={t('labCatalogue.moveDown', { name: item.nameId })}
                      onClick={() => move(i, 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      disabled={save.isPending}
                      aria-label={t('labCatalogue.removeNamed', { name: item.nameId })}
                      onClick={() => put(panel.items.filter((x) => x.uid !== item.uid))}
                    >
                      {t('labCatalogue.remove')}
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canManage && (
        <Group gap="xs" align="flex-end">
          <Select
            flex={1}
            label={t('labCatalogue.addTest')}
            placeholder={t('labCatalogue.addTestPlaceholder')}
            searchable
            clearable
            nothingFoundMessage={t('labCatalogue.emptyFiltered')}
            data={candidates}
            value={picked}
            onChange={setPicked}
          />
          <Button
            leftSection={<IconPlus size={14} />}
            disabled={!picked}
            loading={save.isPending}
            onClick={() => picked && put([...panel.items.map((i) => i.uid), picked], () => setPicked(null))}
          >
            {t('labCatalogue.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
