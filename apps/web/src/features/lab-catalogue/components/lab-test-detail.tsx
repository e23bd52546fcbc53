import type { LabParameter, LabTestDetail } from '@klinikita/domain/lab/lab-catalogue.schema';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconPower } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { confirmToggle, toggleFeedback } from '../../../shared/ui/list-page.tsx';
import { useDeactivateParameter, useLabTest, useReactivateParameter } from '../api/lab-catalogue-api.ts';
import { PanelItemsEditor } from './panel-items-editor.tsx';
import { ParameterFormModal } from './parameter-form-modal.tsx';
import { ReferenceRangeEditor } from './reference-range-editor.tsx';

const dash = (v: string | number | null) => (v === null || v === '' ? '–' : v);

/**
 * What the ranges button says: the one range itself when there is one ('13–17', '≤ 200',
 * 'Negatif'), else how many there are.
 */
function rangeSummary(p: LabParameter, t: TFunction): string {
  if (p.ranges.length !== 1) {
    return p.ranges.length
      ? t('labCatalogue.rangeCount', { count: p.ranges.length })
      : t('labCatalogue.noRanges');
  }
  const [r] = p.ranges;
  const n = (v: number) => v.toLocaleString(currentLocale() === 'en' ? 'en-US' : 'id-ID');
  if (p.resultType !== 'number') return r.normalText ?? t('labCatalogue.rangeCount', { count: 1 });
  if (r.low !== null && r.high !== null) return `${n(r.low)}–${n(r.high)}`;
  if (r.high !== null) return `≤ ${n(r.high)}`;
  if (r.low !== null) return `≥ ${n(r.low)}`;
  return t('labCatalogue.rangeCount', { count: 1 });
}

function ParametersTable({ test, canManage }: { test: LabTestDetail; canManage: boolean }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<{ parameter: LabParameter | null } | null>(null);
  const [rangesOf, setRangesOf] = useState<LabParameter | null>(null);
  const deactivate = useDeactivateParameter();
  const reactivate = useReactivateParameter();

  function toggle(p: LabParameter) {
    const activate = !p.active;
    confirmToggle({
      activate,
      title: t(activate ? 'labCatalogue.activateTitle' : 'labCatalogue.deactivateTitle'),
      message: t(activate ? 'labCatalogue.activateConfirm' : 'labCatalogue.deactivateConfirm', {
        name: `${p.code} (${p.nameId})`,
      }),
      confirm: t(activate ? 'labCatalogue.activate' : 'labCatalogue.deactivate'),
      cancel: t('labCatalogue.cancel'),
      onConfirm: () =>
        (activate ? reactivate : deactivate).mutate({ params: { uid: p.uid } }, toggleFeedback),
    });
  }

  const small = (text: string | number | null, mono = false) => (
    <Text size="sm" ff={mono ? 'monospace' : undefined}>
      {dash(text)}
    </Text>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={4}>{t('labCatalogue.parameters')}</Title>
          <Text size="xs" c="dimmed">
            {t('labCatalogue.parametersHint')}
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={14} />} onClick={() => setForm({ parameter: null })}>
            {t('labCatalogue.addParameter')}
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={820} type="native">
        <Table verticalSpacing="xs" highlightOnHover aria-label={t('labCatalogue.parameters')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56} ta="right">
                {t('labCatalogue.colOrder')}
              </Table.Th>
              <Table.Th>{t('labCatalogue.colParameter')}</Table.Th>
              <Table.Th w={80}>{t('labCatalogue.colUnit')}</Table.Th>
              <Table.Th w={130}>{t('labCatalogue.colType')}</Table.Th>
              <Table.Th w={80}>{t('labCatalogue.colLoinc')}</Table.Th>
              <Table.Th w={150}>{t('labCatalogue.colSpecimen')}</Table.Th>
              <Table.Th w={100}>{t('labCatalogue.colRanges')}</Table.Th>
              {canManage && (
                <Table.Th w={76} ta="right">
                  {t('labCatalogue.colActions')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {test.parameters.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={canManage ? 8 : 7}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {t('labCatalogue.noParameters')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {test.parameters.map((p) => (
              <Table.Tr key={p.uid} style={{ opacity: p.active ? 1 : 0.55, verticalAlign: 'top' }}>
                <Table.Td ta="right">{small(p.printOrder)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {p.nameId}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed" ff="monospace">
                      {p.code}
                    </Text>
                    {!p.active && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('labCatalogue.inactive')}
                      </Badge>
                    )}
                  </Group>
                  {p.formula && (
                    <Text size="xs" ff="monospace" c="grape.8" title={t('labCatalogue.colFormula')}>
                      = {p.formula}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{small(p.unit)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {small(t(`labCatalogue.resultTypes.${p.resultType}`))}
                    {p.formula && (
                      <Badge size="xs" variant="light" color="grape">
                        {t('labCatalogue.calculated')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {p.resultType === 'number'
                      ? t('labCatalogue.decimalsCount', { count: p.decimals })
                      : p.resultType === 'choice'
                        ? p.choices?.join(', ')
                        : null}
                  </Text>
                </Table.Td>
                <Table.Td>{small(p.loinc, true)}</Table.Td>
                <Table.Td>
                  {small(p.specimen && t(`labCatalogue.specimens.${p.specimen}`))}
                  {p.container && (
                    <Text size="xs" c="dimmed">
                      {t(`labCatalogue.containers.${p.container}`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`${t('labCatalogue.ranges')} ${p.code}`}
                    onClick={() => setRangesOf(p)}
                  >
                    {rangeSummary(p, t)}
                  </Button>
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap={2} justify="flex-end" wrap="nowrap">
                      <Tooltip label={t('labCatalogue.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('labCatalogue.edit')} ${p.code}`}
                          onClick={() => setForm({ parameter: p })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t(p.active ? 'labCatalogue.deactivate' : 'labCatalogue.activate')}>
                        <ActionIcon
                          variant="subtle"
                          color={p.active ? 'red' : 'teal'}
                          aria-label={`${t(p.active ? 'labCatalogue.deactivate' : 'labCatalogue.activate')} ${p.code}`}
                          onClick={() => toggle(p)}
                        >
                          <IconPower size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {form && <ParameterFormModal test={test} parameter={form.parameter} onClose={() => setForm(null)} />}
      {rangesOf && (
        <ReferenceRangeEditor
          // the saved ranges arrive with the test: the editor opens on the latest
          parameter={test.parameters.find((p) => p.uid === rangesOf.uid) ?? rangesOf}
          readOnly={!canManage}
          onClose={() => setRangesOf(null)}
        />
      )}
    </Stack>
  );
}

/** The right side of `/panel`: the picked test's parameters, or the picked panel's tests. */
export function LabTestDetailCard({ uid, canManage }: { uid: string | null; canManage: boolean }) {
  const { t } = useTranslation();
  const test = useLabTest(uid);
  if (!uid) {
    return (
      <Card withBorder padding="lg">
        <Text c="dimmed" ta="center">
          {t('labCatalogue.pickOne')}
        </Text>
      </Card>
    );
  }
  if (test.isLoading) {
    return (
      <Card withBorder padding="lg">
        <Center>
          <Loader size="sm" />
        </Center>
      </Card>
    );
  }
  if (!test.data) {
    return (
      <Card withBorder padding="lg">
        <Text c="red">{t('labCatalogue.detailFailed')}</Text>
      </Card>
    );
  }
  const d = test.data;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={3}>{d.nameId}</Title>
              {d.isPanel && (
                <Badge variant="light" color="grape">
                  {t('labCatalogue.panel')}
                </Badge>
              )}
              {!d.active && (
                <Badge variant="light" color="gray">
                  {t('labCatalogue.inactive')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              <Text span ff="monospace">
                {d.code}
              </Text>{' '}
              · {d.nameEn}
            </Text>
          </div>
        </Group>
        {!d.active && (
          <Alert color="gray" variant="light">
            {t('labCatalogue.inactiveTest')}
          </Alert>
        )}
        {d.isPanel ? (
          <PanelItemsEditor panel={d} canManage={canManage} />
        ) : (
          <ParametersTable test={d} canManage={canManage} />
        )}
      </Stack>
    </Card>
  );
}
