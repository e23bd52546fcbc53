import type { Locale } from '@klinikita/domain/i18n/locale';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDeviceFloppy, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { type LabWorklistRow, useLabWorklist, useSaveLabWorklist } from '../api/lab-worklist-api.ts';
import { LabAnalyzerImport } from '../components/lab-analyzer-import.tsx';
import { type Edits, LabWorklistGrid } from '../components/lab-worklist-grid.tsx';

const PAGE_SIZE = 25;

/** 'YYYY-MM-DD' (the date field) → 'dd/mm/yyyy' (the API's day). */
const toDmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * `/Laboratory`: the lab's worklist — a day's collected or received samples with results not yet
 * released, one test at a time as a grid typed from the keyboard and saved in one call for every
 * changed sample; and the analyzer CSV import below it.
 */
export function LabWorklistPage() {
  const { t } = useTranslation();
  const { clinic } = useWorkingClinic();
  if (!clinic)
    return (
      <Alert color="orange" variant="light">
        {t('labSpecimens.worklist.loadFailed')}
      </Alert>
    );
  return <Worklist key={clinic.id} clinicId={clinic.id} />;
}

function Worklist({ clinicId }: { clinicId: number }) {
  const { t, i18n } = useTranslation();
  const [day, setDay] = useState('');
  const [serviceUid, setServiceUid] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<Edits>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [warning, setWarning] = useState<string | null>(null);
  const worklist = useLabWorklist({
    clinicId,
    ...(day && { date: toDmy(day) }),
    ...(serviceUid && { serviceUid }),
    ...(search && { search }),
    page,
    limit: PAGE_SIZE,
  });
  const save = useSaveLabWorklist();

  const changed = Object.entries(edits).filter(([, values]) => Object.keys(values).length > 0);
  const clearEdits = () => {
    setEdits({});
    setErrors({});
    setWarning(null);
  };
  const onEdit = (registrationId: string, parameterUid: string, text: string) =>
    setEdits((all) => ({ ...all, [registrationId]: { ...all[registrationId], [parameterUid]: text } }));

  const onSave = (rows: LabWorklistRow[]) => {
    if (!changed.length) {
      notifications.show({ color: 'gray', message: t('labSpecimens.worklist.nothingChanged') });
      return;
    }
    const items = changed.map(([registrationId, values]) => ({
      registrationId,
      version: rows.find((r) => r.registrationId === registrationId)?.version ?? null,
      values: Object.entries(values).map(([parameterUid, text]) => ({
        parameterUid,
        value: text.trim() === '' ? null : text.trim(),
      })),
    }));
    setWarning(null);
    setErrors({});
    save.mutate(
      { body: { items } },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: answer.message });
          setEdits({});
        },
        onError: (error) => {
          if (isUnexpectedError(error)) return void reportUnexpectedError(error);
          setWarning(error.message);
          // items.<i>.values.<j>.value → the cell of that visit and parameter
          const marks: Record<string, string> = {};
          for (const field of error instanceof ApiError ? (error.errors ?? []) : []) {
            const m = /^items\.(\d+)\.values\.(\d+)\./.exec(field.path);
            const item = m ? items[Number(m[1])] : undefined;
            const value = item?.values[Number(m![2])];
            if (item && value) marks[`${item.registrationId}:${value.parameterUid}`] = field.message;
          }
          setErrors(marks);
        },
      },
    );
  };

  const data = worklist.data;
  const rows = data?.rows.docs ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('labSpecimens.worklist.title')}</Title>
        <Group gap="sm" align="flex-end">
          <TextInput
            type="date"
            label={t('labSpecimens.worklist.date')}
            value={day || (data?.day ?? '')}
            onChange={(e) => {
              setDay(e.currentTarget.value);
              setPage(1);
              clearEdits();
            }}
          />
          <Select
            w={260}
            label={t('labSpecimens.worklist.test')}
            placeholder={t('labSpecimens.worklist.testPlaceholder')}
            data={(data?.tests ?? []).map((test) => ({
              value: test.serviceUid,
              label: `${(i18n.language as Locale) === 'en' ? test.nameEn : test.nameId} (${test.samples})`,
            }))}
            value={serviceUid}
            onChange={(v) => {
              setServiceUid(v);
              setPage(1);
              clearEdits();
            }}
            searchable
          />
          <TextInput
            w={220}
            label={t('labSpecimens.worklist.search')}
            placeholder={t('labSpecimens.worklist.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
      </Group>

      <Card withBorder padding="md">
        {worklist.isLoading ? (
          <Center py="lg">
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('labSpecimens.worklist.loading')}
              </Text>
            </Group>
          </Center>
        ) : !data ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {worklist.error instanceof ApiError
              ? worklist.error.message
              : t('labSpecimens.worklist.loadFailed')}
          </Alert>
        ) : !data.parameters ? (
          <Text size="sm" c="dimmed">
            {data.tests.length ? t('labSpecimens.worklist.pickTest') : t('labSpecimens.worklist.empty')}
          </Text>
        ) : (
          <Stack gap="sm">
            {warning && (
              <Alert
                color="orange"
                icon={<IconAlertTriangle size={18} />}
                role="alert"
                withCloseButton
                onClose={() => setWarning(null)}
              >
                {warning}
              </Alert>
            )}
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('labSpecimens.worklist.empty')}
              </Text>
            ) : (
              <LabWorklistGrid
                parameters={data.parameters}
                rows={rows}
                edits={edits}
                errors={errors}
                onEdit={onEdit}
              />
            )}
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {t('labSpecimens.worklist.shown', { shown: rows.length, total: data.rows.totalDocs })} ·{' '}
                {t('labSpecimens.worklist.keys')}
              </Text>
              <Group gap="sm">
                {data.rows.totalPages > 1 && (
                  <Pagination size="sm" total={data.rows.totalPages} value={page} onChange={setPage} />
                )}
                {changed.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {t('labSpecimens.worklist.changed', { count: changed.length })}
                  </Text>
                )}
                <Button
                  leftSection={<IconDeviceFloppy size={18} />}
                  loading={save.isPending}
                  onClick={() => onSave(rows)}
                >
                  {t('labSpecimens.worklist.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Card>
      <LabAnalyzerImport clinicId={clinicId} />
    </Stack>
  );
}
