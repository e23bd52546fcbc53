import type { PatientSummary } from '@klinikita/domain/patients/patient.schema';
import { Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '../../../shared/i18n/i18n.ts';

export const editPath = (uid: string) => `/MasterPasien/edit?id=${encodeURIComponent(uid)}`;

/** The patients with the same name and birth date; the clerk saves anyway or checks again. */
export function DuplicateDialog({
  duplicates,
  onClose,
  onConfirm,
}: {
  duplicates: { message: string; candidates: PatientSummary[] } | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={duplicates !== null} onClose={onClose} title={t('patients.web.duplicateTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{duplicates && translateMessage(duplicates.message)}</Text>
        <Table withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('patients.web.colMrn')}</Table.Th>
              <Table.Th>{t('patients.web.colName')}</Table.Th>
              <Table.Th>{t('patients.web.dob')}</Table.Th>
              <Table.Th>{t('patients.web.colIdentity')}</Table.Th>
              <Table.Th>{t('patients.web.colClinic')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(duplicates?.candidates ?? []).map((c) => (
              <Table.Tr key={c.uid}>
                <Table.Td>
                  <Anchor component={Link} to={editPath(c.uid)} size="sm">
                    {c.mrn}
                  </Anchor>
                </Table.Td>
                <Table.Td>{c.title ? `${c.title}. ${c.name}` : c.name}</Table.Td>
                <Table.Td>{c.dob}</Table.Td>
                <Table.Td>{c.nik || c.passport || '–'}</Table.Td>
                <Table.Td>{c.clinicName ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('patients.web.checkAgain')}
          </Button>
          <Button color="orange" onClick={onConfirm}>
            {t('patients.web.saveAnyway')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
