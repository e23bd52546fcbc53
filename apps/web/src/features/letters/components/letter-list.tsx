import { Anchor, Badge, Card, Group, Pagination, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { type Letter, letterPdfUrl, useLetters } from '../api/letters-api.ts';
import { shortDate } from '../letter-format.ts';

const KIND_COLORS = { health: 'teal', sick: 'orange', referral: 'blue' } as const;

/** The patient's letters, the chosen visit's first marked; each prints in a new tab. */
export function LetterList({
  patientUid,
  encounterUid,
}: {
  patientUid: string;
  encounterUid: string | null;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const letters = useLetters(patientUid, page);
  const docs = letters.data?.docs ?? [];
  const detail = (l: Letter) => {
    if (l.kind === 'health')
      return [
        l.purpose,
        l.healthy == null ? null : t(l.healthy ? 'letters.web.healthy' : 'letters.web.unhealthy'),
      ]
        .filter(Boolean)
        .join(' · ');
    if (l.kind === 'sick' && l.restFrom && l.restUntil)
      return t('letters.web.restRange', {
        days: l.restDays ?? 1,
        from: shortDate(l.restFrom, locale),
        until: shortDate(l.restUntil, locale),
      });
    return l.referral ? [l.referral.facility, l.referral.specialty].filter(Boolean).join(' — ') : '';
  };
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        {t('letters.web.written')}
      </Title>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table verticalSpacing={6} aria-label={t('letters.web.written')} aria-busy={letters.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('letters.web.number')}</Table.Th>
              <Table.Th>{t('letters.web.kind')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('letters.web.visitDate')}</Table.Th>
              <Table.Th>{t('letters.web.detail')}</Table.Th>
              <Table.Th ta="right">{t('letters.web.print')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {letters.isLoading && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    {t('web.common.loading')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {!letters.isLoading && docs.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    {letters.isError ? t('web.common.loadFailed') : t('letters.web.none')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {docs.map((l) => (
              <Table.Tr key={l.uid} bg={l.encounterId === encounterUid ? 'teal.0' : undefined}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {l.number}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={KIND_COLORS[l.kind]}
                    radius="sm"
                    style={{ textTransform: 'none' }}
                    title={t(`letters.kinds.${l.kind}`)}
                  >
                    {t(`letters.web.kindShort.${l.kind}`)}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {l.visitDate ? shortDate(l.visitDate, locale) : '–'}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{detail(l)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Anchor
                    size="sm"
                    href={letterPdfUrl(l.uid)}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('letters.web.printOne', { number: l.number })}
                  >
                    <IconPrinter size={14} style={{ verticalAlign: 'middle' }} /> {t('letters.web.print')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {letters.data && letters.data.totalPages > 1 && (
        <Group justify="flex-end" mt="xs">
          <Pagination size="sm" total={letters.data.totalPages} value={page} onChange={setPage} />
        </Group>
      )}
    </Card>
  );
}
