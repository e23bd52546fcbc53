import { mcuPackageSaveSchema } from '@klinikita/domain/mcu/mcu-packages.schema';
import { MCU_EXAM_TYPES, MCU_STATIONS } from '@klinikita/domain/mcu/mcu-stations';
import { Alert, Badge, Button, Checkbox, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type McuPackage, useMcuPackages, useSaveMcuPackage } from '../api/mcu-events-api.ts';
import { screenT, serverErrors } from './mcu-format.ts';

/** The MCU packages of the catalogue: their exam type and stations, set up by who keeps the service master. */
export function PackagesTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const s = screenT(t);
  const packages = useMcuPackages();
  const [editing, setEditing] = useState<McuPackage | null>(null);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {s('packagesHint')}
      </Text>
      <Table striped aria-label={s('packagesTitle')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{s('code')}</Table.Th>
            <Table.Th>{s('package')}</Table.Th>
            <Table.Th>{s('examTypeLabel')}</Table.Th>
            <Table.Th>{s('stations')}</Table.Th>
            <Table.Th>{s('items')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(packages.data ?? []).map((p) => (
            <Table.Tr key={p.serviceUid}>
              <Table.Td>{p.code}</Table.Td>
              <Table.Td>{p.nameId}</Table.Td>
              <Table.Td>{p.examType ? t(`mcuSetup.examType.${p.examType}`) : s('notSet')}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {p.stations.map((st) => (
                    <Badge key={st} variant="light" size="sm">
                      {t(`mcuStations.station.${st}`, { defaultValue: st })}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{p.items.map((i) => i.code).join(', ')}</Text>
              </Table.Td>
              <Table.Td ta="right">
                {canManage && (
                  <Button size="compact-xs" variant="light" onClick={() => setEditing(p)}>
                    {s('edit')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {packages.isSuccess && packages.data.length === 0 && <Alert color="orange">{s('noPackages')}</Alert>}
      {packages.isError && <Alert color="red">{s('failed')}</Alert>}
      {editing && <PackageForm pkg={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function PackageForm({ pkg, onClose }: { pkg: McuPackage; onClose: () => void }) {
  const { t } = useTranslation();
  const s = screenT(t);
  const [examType, setExamType] = useState<string>(pkg.examType ?? 'periodic');
  const [stations, setStations] = useState<string[]>(pkg.stations);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveMcuPackage();
  function submit() {
    const parsed = mcuPackageSaveSchema.safeParse({ examType, stations });
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? 'api.validation'));
      return;
    }
    save.mutate(
      { params: { serviceUid: pkg.serviceUid }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          onClose();
        },
        onError: (e) => {
          const mapped = serverErrors(e);
          if (mapped) setError(translateMessage(Object.values(mapped)[0]));
        },
      },
    );
  }
  return (
    <Modal opened onClose={onClose} title={s('editPackage', { code: pkg.code })}>
      <Stack gap="sm">
        <Select
          label={s('examTypeLabel')}
          allowDeselect={false}
          data={MCU_EXAM_TYPES.map((v) => ({ value: v, label: t(`mcuSetup.examType.${v}`) }))}
          value={examType}
          onChange={(v) => setExamType(v ?? 'periodic')}
        />
        <Checkbox.Group
          label={s('stations')}
          description={s('labAuto')}
          value={stations}
          onChange={setStations}
        >
          <Stack gap={4} mt={4}>
            {MCU_STATIONS.map((st) => (
              <Checkbox key={st} value={st} label={t(`mcuStations.station.${st}`, { defaultValue: st })} />
            ))}
          </Stack>
        </Checkbox.Group>
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {s('cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {s('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
