import { formatRupiah } from '@klinikita/domain/common/format';
import { Button, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useApproveShift, usePendingShifts } from '../api/shift-api.ts';
import { FORM_ERROR, serverErrors } from './cashier-forms.ts';

/**
 * The clinic's shifts whose variance waits for a second person, each with "Setujui"; the caller's
 * own (`own`: the uids the current shift answers as theirs) are left out, as the server refuses them.
 */
export function ShiftApprovals({ clinicId, own }: { clinicId: number; own: readonly string[] }) {
  const { t } = useTranslation();
  const pending = usePendingShifts(clinicId, true);
  const approve = useApproveShift();
  const rows = (pending.data?.docs ?? []).filter((s) => !own.includes(s.uid));
  if (rows.length === 0) return null;
  return (
    <div data-testid="shift-approvals">
      <Title order={5}>{t('cashierShifts.approvals.title')}</Title>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cashierShifts.approvals.cashier')}</Table.Th>
            <Table.Th>{t('cashierShifts.approvals.day')}</Table.Th>
            <Table.Th>{t('cashierShifts.approvals.variance')}</Table.Th>
            <Table.Th>{t('cashierShifts.approvals.reason')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.uid}>
              <Table.Td>{s.cashier.name}</Table.Td>
              <Table.Td>{s.day}</Table.Td>
              <Table.Td>
                <Text c="red" size="sm">
                  {(s.variance ?? 0) < 0 ? '−' : ''}
                  {formatRupiah(Math.abs(s.variance ?? 0))}
                </Text>
              </Table.Td>
              <Table.Td>{s.varianceReason}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  loading={approve.isPending && approve.variables?.params.uid === s.uid}
                  onClick={() =>
                    approve.mutate(
                      { params: { uid: s.uid } },
                      {
                        onError: (error) => {
                          const message = serverErrors(error)?.[FORM_ERROR];
                          if (message)
                            notifications.show({ color: 'red', message: translateMessage(message) });
                        },
                      },
                    )
                  }
                >
                  {t('cashierShifts.approvals.approve')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
