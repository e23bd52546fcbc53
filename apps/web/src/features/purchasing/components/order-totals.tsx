import { formatRupiah } from '@klinikita/domain/common/format';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Subtotal, discount, DPP, PPN on the DPP and the total, in rupiah; how PPN is counted beneath. */
export function DocumentTotals({
  totals,
}: {
  totals: { subtotal: number; discount: number; dpp: number; ppnPercent: number; ppn: number; total: number };
}) {
  const { t } = useTranslation();
  const row = (label: string, amount: number, strong = false, less = false) => (
    <Group justify="space-between" gap="xl">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} ff="monospace">
        {less && amount > 0 ? `− ${formatRupiah(amount)}` : formatRupiah(amount)}
      </Text>
    </Group>
  );
  return (
    <Stack gap={2} miw={280}>
      {row(t('purchasing.screen.subtotal'), totals.subtotal)}
      {row(t('purchasing.screen.discountTotal'), totals.discount, false, true)}
      {row(t('purchasing.screen.dpp'), totals.dpp)}
      {row(t('purchasing.screen.ppn', { percent: totals.ppnPercent }), totals.ppn)}
      {row(t('purchasing.screen.total'), totals.total, true)}
      <Text size="xs" c="dimmed" maw={320}>
        {t('purchasing.screen.ppnNote')}
      </Text>
    </Stack>
  );
}
