import type { ImportIssue, ImportResult } from '@klinikita/domain/services/service.schema';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What an import answered: what it changed, or why it changed nothing. */
export type ImportOutcome =
  | { result: ImportResult; refusal?: never }
  | { refusal: { message: string; issues: ImportIssue[] }; result?: never };

/** The import's answer: the counts, or every bad cell by sheet, row and column (nothing was changed). */
export function ImportResultModal({ outcome, onClose }: { outcome: ImportOutcome; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const column = (field: string) =>
    i18n.exists(`services.columns.${field}`) ? t(`services.columns.${field}`) : field;
  return (
    <Modal opened onClose={onClose} title={t('services.importTitle')} size="xl">
      <Stack gap="sm">
        {outcome.result ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            title={t('services.importDone')}
          >
            {t('services.importSummary', outcome.result)}
          </Alert>
        ) : (
          <>
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={outcome.refusal.message}
            >
              {t('services.importRejectedHint')}
            </Alert>
            <ScrollArea.Autosize mah={420}>
              <Table striped withTableBorder aria-label={t('services.importTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={90}>{t('services.importSheet')}</Table.Th>
                    <Table.Th w={70}>{t('services.importRow')}</Table.Th>
                    <Table.Th w={150}>{t('services.importColumn')}</Table.Th>
                    <Table.Th>{t('services.importMessage')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {outcome.refusal.issues.map((issue) => (
                    <Table.Tr key={`${issue.sheet}-${issue.row}-${issue.field}`}>
                      <Table.Td>{t(`services.sheets.${issue.sheet}`)}</Table.Td>
                      <Table.Td>{issue.row}</Table.Td>
                      <Table.Td>{column(issue.field)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{issue.message}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('services.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
