import { Alert, Badge, Button, Card, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { type LabImportPreview, useConfirmLabImport, usePreviewLabImport } from '../api/lab-worklist-api.ts';

/**
 * An analyzer's CSV (barcode, parameter code, value): read by the server into a preview that lists
 * every row with its sample or its problem; nothing is written until the user confirms, and the
 * confirmation saves every row or none.
 */
export function LabAnalyzerImport({ clinicId }: { clinicId: number }) {
  const { t } = useTranslation();
  const preview = usePreviewLabImport();
  const confirm = useConfirmLabImport();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<LabImportPreview | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const onError = (error: Error) => {
    if (isUnexpectedError(error)) void reportUnexpectedError(error);
    else setWarning(error.message);
  };
  const reset = () => {
    setFile(null);
    setCsv(null);
    setResult(null);
    setWarning(null);
  };
  const pick = async (picked: File | null) => {
    reset();
    setFile(picked);
    if (!picked) return;
    const text = await picked.text();
    setCsv(text);
    preview.mutate(
      { body: { clinicId, csv: text } },
      { onSuccess: (a) => setResult(a.data ?? null), onError },
    );
  };
  const save = () =>
    csv &&
    confirm.mutate(
      { body: { clinicId, csv } },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: answer.message });
          reset();
        },
        onError,
      },
    );

  return (
    <Card withBorder padding="md" data-testid="analyzer-import">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Text fw={600}>{t('labSpecimens.import.title')}</Text>
            <Text size="xs" c="dimmed">
              {t('labSpecimens.import.format')}
            </Text>
          </div>
          <FileInput
            w={260}
            accept=".csv,text/csv,text/plain"
            placeholder={t('labSpecimens.import.pick')}
            aria-label={t('labSpecimens.import.pick')}
            leftSection={<IconFileImport size={16} />}
            value={file}
            onChange={(f) => void pick(f)}
            clearable
          />
        </Group>
        {warning && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            {warning}
          </Alert>
        )}
        {result && (
          <>
            <Group justify="space-between">
              <Text size="sm" data-testid="import-summary">
                {t('labSpecimens.import.rows', { ok: result.ready, bad: result.problems })}
              </Text>
              <Group gap="xs">
                <Button variant="default" onClick={reset}>
                  {t('labSpecimens.import.cancel')}
                </Button>
                <Button
                  disabled={result.problems > 0 || result.ready === 0}
                  loading={confirm.isPending}
                  onClick={save}
                >
                  {t('labSpecimens.import.confirm', { count: result.ready })}
                </Button>
              </Group>
            </Group>
            {result.problems > 0 && (
              <Text size="sm" c="red">
                {t('labSpecimens.import.fixFirst')}
              </Text>
            )}
            <Table.ScrollContainer minWidth={640} mah={320}>
              <Table verticalSpacing={4} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('labSpecimens.import.line')}</Table.Th>
                    <Table.Th>{t('labSpecimens.worklist.barcode')}</Table.Th>
                    <Table.Th>{t('labSpecimens.worklist.patient')}</Table.Th>
                    <Table.Th>{t('labSpecimens.import.parameter')}</Table.Th>
                    <Table.Th>{t('labSpecimens.import.value')}</Table.Th>
                    <Table.Th>{t('labSpecimens.import.problem')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.rows.map((row) => (
                    <Table.Tr key={row.line} data-testid="import-row" bg={row.problem ? 'red.0' : undefined}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td ff="monospace">{row.barcode}</Table.Td>
                      <Table.Td>{row.patientName ? `${row.queueNumber} · ${row.patientName}` : '–'}</Table.Td>
                      <Table.Td>{row.parameterCode}</Table.Td>
                      <Table.Td>{row.value}</Table.Td>
                      <Table.Td>
                        {row.problem ? (
                          <Text size="sm" c="red">
                            {row.problem}
                          </Text>
                        ) : (
                          <Badge color="teal" variant="light">
                            {t('labSpecimens.import.ok')}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}
