import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { narcoticsXlsxUrl, useNarcoticsReport } from '../api/stock-documents-api.ts';
import { formatQuantity } from './stock-format.ts';

const COLUMNS = ['opening', 'in', 'out', 'adjust', 'closing'] as const;

/**
 * The month's narcotics and psychotropics of the clinic (issue 17 §6): opening, in, out,
 * adjustments and closing per item, as the regulator asks; "Unduh xlsx" for the workbook.
 */
export function NarcoticsReportPanel({ clinicId, today }: { clinicId: number; today: string }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(today.slice(0, 7));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const report = useNarcoticsReport(clinicId, valid ? month : today.slice(0, 7));
  const rows = report.data?.rows ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text fw={600}>{t('inventory.narcotics.title')}</Text>
        <Group gap="xs" align="flex-end">
          <TextInput
            type="month"
            label={t('inventory.narcotics.month')}
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value)}
            error={valid ? undefined : t('inventory.monthFormat')}
            w={180}
          />
          <Button
            component="a"
            href={narcoticsXlsxUrl(clinicId, month)}
            leftSection={<IconDownload size={14} />}
            variant="light"
            disabled={!valid}
          >
            {t('inventory.narcotics.download')}
          </Button>
        </Group>
      </Group>
      {!report.isLoading && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('inventory.narcotics.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped aria-label={t('inventory.narcotics.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inventory.narcotics.columns.name')}</Table.Th>
                <Table.Th>{t('inventory.narcotics.columns.drugClass')}</Table.Th>
                <Table.Th>{t('inventory.narcotics.columns.unit')}</Table.Th>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} ta="right">
                    {t(`inventory.narcotics.columns.${c}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.itemUid}>
                  <Table.Td>{[r.name, r.strength].filter(Boolean).join(' ')}</Table.Td>
                  <Table.Td>{t(`inventory.narcotics.class.${r.drugClass}`)}</Table.Td>
                  <Table.Td>{r.baseUnit}</Table.Td>
                  {COLUMNS.map((c) => (
                    <Table.Td key={c} ta="right">
                      {formatQuantity(r[c])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
