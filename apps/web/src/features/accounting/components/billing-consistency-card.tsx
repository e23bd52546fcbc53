import type { BillingConsistency } from '@klinikita/domain/billing/billing.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Alert, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../../shared/format.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useBillingConsistency } from '../api/billing-consistency.ts';

type Problem = BillingConsistency['problems'][number];

// the labels of the server's detail whose value is an amount of rupiah
const AMOUNTS = new Set([
  'total',
  'paid',
  'receivable',
  'debit',
  'credit',
  'balance',
  'received',
  'drawn',
  'refunded',
]);

/**
 * The server words a detail as "label value" pairs (`total 150000, paid 100000, …`): the labels it
 * uses are said in the user's language and their amounts in rupiah; anything else is shown as it came.
 */
function detailText(t: TFunction, exists: (key: string) => boolean, detail: string): string {
  if (!detail) return '–';
  return detail
    .split(/(, |; )/)
    .map((part) => {
      const [, label, value] = /^(\w+) (.*)$/.exec(part) ?? [];
      if (!label || !exists(`accounting.consistency.detailLabels.${label}`)) return part;
      const amount =
        AMOUNTS.has(label) && /^-?\d+(\.\d+)?$/.test(value) ? formatRupiah(Number(value)) : value;
      return `${t(`accounting.consistency.detailLabels.${label}`)} ${amount}`;
    })
    .join('');
}

/** A journal entry is named "reference (source)", a patient's deposit "patient:<id>". */
function referenceText(t: TFunction, exists: (key: string) => boolean, ref: string): string {
  const patient = /^patient:(\d+)$/.exec(ref);
  if (patient) return t('accounting.consistency.patientRef', { id: patient[1] });
  const [, number, source] = /^(.*) \((\w+)\)$/.exec(ref) ?? [];
  return source && exists(`accounting.sources.${source}`)
    ? `${number} (${t(`accounting.sources.${source}`)})`
    : ref;
}

/**
 * Setting → Lainnya: the billing consistency check of the caller's clinics (issue 18), run only
 * when asked — it reads every bill, payment and journal entry, so it is not run on opening.
 */
export function BillingConsistencyCard() {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const user = useSessionUser();
  const [asked, setAsked] = useState(false);
  const check = useBillingConsistency(asked);
  const result = asked && !check.isError ? check.data : undefined;
  const kind = (p: Problem) =>
    exists(`accounting.consistency.kinds.${p.kind}`)
      ? t(`accounting.consistency.kinds.${p.kind}`)
      : t('accounting.consistency.kinds.unknown', { kind: p.kind });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={3}>{t('accounting.consistency.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('accounting.consistency.subtitle')}
          </Text>
        </div>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconChecklist size={16} />}
            loading={check.isFetching}
            onClick={() => (asked ? void check.refetch() : setAsked(true))}
          >
            {t(result ? 'accounting.consistency.again' : 'accounting.consistency.run')}
          </Button>
          {result && (
            <Text size="xs" c="dimmed">
              {t('accounting.consistency.checkedAt', {
                at: formatClock(new Date(check.dataUpdatedAt), user.timeZone),
              })}
            </Text>
          )}
        </Group>
        {asked && check.isError && (
          <Alert color="red" variant="light" role="alert" title={t('accounting.consistency.failed')}>
            {translateMessage(check.error.message)}
          </Alert>
        )}
        {result &&
          (result.problems.length === 0 ? (
            <Alert color="teal" variant="light" role="status" title={t('accounting.consistency.ok')}>
              <Text size="sm">{t('accounting.consistency.checked', result.checked)}</Text>
            </Alert>
          ) : (
            <>
              <Alert
                color="red"
                variant="light"
                role="alert"
                title={t('accounting.consistency.bad', { count: result.problems.length })}
              >
                <Text size="sm">{t('accounting.consistency.badHint')}</Text>
                <Text size="xs">{t('accounting.consistency.checked', result.checked)}</Text>
              </Alert>
              <Table.ScrollContainer minWidth={640} mah={480}>
                <Table withTableBorder striped aria-label={t('accounting.consistency.title')} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('accounting.consistency.problem')}</Table.Th>
                      <Table.Th>{t('accounting.consistency.ref')}</Table.Th>
                      <Table.Th>{t('accounting.consistency.detail')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.problems.map((p, i) => (
                      // the same reference may carry two kinds, and a kind many references
                      // biome-ignore lint/suspicious/noArrayIndexKey: the answer is read whole, never reordered
                      <Table.Tr key={`${p.kind}-${p.ref}-${i}`}>
                        <Table.Td>{kind(p)}</Table.Td>
                        <Table.Td>
                          <Code>{referenceText(t, exists, p.ref)}</Code>
                        </Table.Td>
                        <Table.Td>{detailText(t, exists, p.detail)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          ))}
      </Stack>
    </Card>
  );
}
