import type { Locale } from '@klinikita/domain/i18n/locale';
import { treatmentVoidSchema } from '@klinikita/domain/treatment/treatment.schema';
import { Badge, Button, Card, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type TreatmentProcedure, useVoidProcedure } from '../api/treatment-api.ts';

/** The visit's procedures, oldest first; a voided one stays, struck through with its reason. */
export function TreatmentProcedureList({
  procedures,
  timeZone,
}: {
  procedures: TreatmentProcedure[];
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'id';
  const [voiding, setVoiding] = useState<TreatmentProcedure | null>(null);
  return (
    <Card withBorder padding="md" component="section" aria-label={t('treatment.list.title')}>
      <Text fw={600} mb="xs">
        {t('treatment.list.title')}
      </Text>
      {procedures.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('treatment.list.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {procedures.map((p) => (
            <Paper key={p.uid} withBorder p="sm" bg={p.voided ? 'gray.0' : undefined} data-testid="procedure">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Badge ff="monospace" variant="light" radius="sm">
                      {p.icd9Code}
                    </Badge>
                    <Text fw={600} size="sm" td={p.voided ? 'line-through' : undefined}>
                      {p.name}
                    </Text>
                    {p.serviceCode && (
                      <Text size="xs" c="dimmed">
                        {p.serviceCode}
                      </Text>
                    )}
                    {p.voided && (
                      <Badge color="red" variant="light" size="sm">
                        {t('treatment.list.voidedBadge')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('treatment.list.by', {
                      time: formatDateTime(p.performedAt, locale, timeZone),
                      name: p.performedBy,
                    })}
                  </Text>
                  {p.consumables.length > 0 && (
                    <Text size="sm">
                      {t('treatment.list.consumables')}:{' '}
                      {p.consumables.map((c) => `${c.name} ${c.quantity} ${c.unit}`).join(', ')}
                    </Text>
                  )}
                  {p.notes && (
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                      {p.notes}
                    </Text>
                  )}
                  {p.voided && (
                    <Text size="xs" c="red.7">
                      {t('treatment.list.voidedBy', { name: p.voided.by, reason: p.voided.reason })}
                    </Text>
                  )}
                </div>
                {!p.voided && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconBan size={14} />}
                    style={{ flexShrink: 0 }}
                    onClick={() => setVoiding(p)}
                  >
                    {t('treatment.list.void')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <VoidModal procedure={voiding} onClose={() => setVoiding(null)} />
    </Card>
  );
}

function VoidModal({ procedure, onClose }: { procedure: TreatmentProcedure | null; onClose: () => void }) {
  const { t } = useTranslation();
  const voidIt = useVoidProcedure();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!procedure) return;
    const parsed = treatmentVoidSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.invalid');
      return;
    }
    voidIt.mutate(
      { params: { uid: procedure.uid }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: answer.message });
          close();
        },
        onError: (err) => {
          if (isUnexpectedError(err)) void reportUnexpectedError(err);
          else if (err instanceof ApiError)
            setError(err.errors.find((x) => x.path === 'reason')?.message ?? err.message);
        },
      },
    );
  };
  return (
    <Modal opened={procedure !== null} onClose={close} title={t('treatment.list.voidTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('treatment.list.voidText', { name: procedure?.name ?? '' })}</Text>
          <Textarea
            label={t('treatment.list.voidReason')}
            required
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            value={reason}
            error={error ? translateMessage(error) : undefined}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('treatment.list.keep')}
            </Button>
            <Button type="submit" color="red" loading={voidIt.isPending}>
              {t('treatment.list.voidConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
