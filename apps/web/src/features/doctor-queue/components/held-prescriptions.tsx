import type { Locale } from '@klinikita/domain/i18n/locale';
import {
  answerHeldPrescription,
  type HeldPrescription,
  listHeldPrescriptions,
} from '@klinikita/domain/pharmacy/pharmacy-held';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPill } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moduleKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { formatDateTime } from '../../../shared/format.ts';

/**
 * "Resep ditahan farmasi" on the doctor's queue screen (issue 17 §1): the pharmacist's question on
 * each held prescription of this doctor's patients, with an answer box; the list is tagged
 * `pharmacy`, so a hold, an answer or a resume at the pharmacy refetches it live. Shows nothing
 * while nothing is held.
 */
export function HeldPrescriptions({ timeZone }: { timeZone?: string }) {
  const { t } = useTranslation();
  const held = useContractQuery(listHeldPrescriptions, {}, { staleTime: 30_000 });
  const rows = held.data ?? [];
  if (!rows.length) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      p="sm"
      title={
        <Group gap={6} wrap="nowrap">
          <IconPill size={16} />
          {t('pharmacy.held.title', { count: rows.length })}
        </Group>
      }
      data-testid="held-prescriptions"
    >
      <Stack gap="md" mah="40vh" style={{ overflowY: 'auto' }}>
        {rows.map((row) => (
          <HeldItem key={row.uid} row={row} timeZone={timeZone} />
        ))}
      </Stack>
    </Alert>
  );
}

function HeldItem({ row, timeZone }: { row: HeldPrescription; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answer = useContractMutation(answerHeldPrescription, {
    invalidates: [moduleKey(listHeldPrescriptions)],
    onSuccess: () => {
      setText('');
      setOpen(false);
    },
    onError: (e) => {
      if (e instanceof ApiError && !isUnexpectedError(e)) setError(e.errors[0]?.message ?? e.message);
      else void reportUnexpectedError(e);
    },
  });
  return (
    <Stack gap={4} data-testid="held-prescription">
      <Text size="sm" fw={700}>
        {t('pharmacy.held.line', { queue: row.queueNumber, name: row.patient.name })}
      </Text>
      <Text size="sm">{t('pharmacy.held.question', { reason: row.reason ?? '–' })}</Text>
      <Text size="xs" c="dimmed">
        {t('pharmacy.held.by', {
          name: row.heldBy ?? '–',
          time: formatDateTime(row.heldAt, locale, timeZone),
        })}
      </Text>
      {row.answer && (
        <Text size="sm" c="teal.8" data-testid="held-answer">
          {t('pharmacy.held.answered', { answer: row.answer })}
        </Text>
      )}
      {!open ? (
        <Button size="xs" variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => setOpen(true)}>
          {t('pharmacy.held.reply')}
        </Button>
      ) : (
        <Stack gap={6}>
          <Textarea
            autoFocus
            size="xs"
            autosize
            minRows={2}
            maxRows={5}
            label={t('pharmacy.held.answer')}
            value={text}
            maxLength={500}
            error={error}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
          />
          <Button
            size="xs"
            style={{ alignSelf: 'flex-end' }}
            loading={answer.isPending}
            onClick={() => answer.mutate({ params: { uid: row.uid }, body: { text } })}
          >
            {t('pharmacy.held.send')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
