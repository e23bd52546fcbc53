import type { Locale } from '@klinikita/domain/i18n/locale';
import type { LabSpecimen, LabVisitSpecimens } from '@klinikita/domain/lab/lab-specimens.schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconBarcode, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import {
  labelsPdfUrl,
  useCollectLabSpecimen,
  useLabelLabSpecimens,
  useLabSpecimens,
  useReceiveLabSpecimen,
  useRejectLabSpecimen,
} from '../api/lab-specimens-api.ts';

const STATUS_COLORS = { labelled: 'gray', collected: 'orange', received: 'teal', rejected: 'red' } as const;

/**
 * The containers of a lab visit's sample (issue 16 §1): labels made from the order (one per
 * container), printed as 50 × 25 mm labels or an A4 sheet; each collected, received or rejected
 * with a reason (a new label follows). The visit's "Sampel diambil" follows the containers.
 */
export function LabSpecimensCard({ registrationId }: { registrationId: string }) {
  const { t, i18n } = useTranslation();
  const permissions = usePermissions();
  const canRead = permissions.has('serviceQueue.read');
  const canPerform = permissions.has('service.perform.LAB');
  const specimens = useLabSpecimens(registrationId, canRead);
  const label = useLabelLabSpecimens();
  const collect = useCollectLabSpecimen();
  const receive = useReceiveLabSpecimen();
  const reject = useRejectLabSpecimen();
  const [warning, setWarning] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<LabSpecimen | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (!canRead) return null;

  const onError = (error: Error) => {
    if (isUnexpectedError(error)) void reportUnexpectedError(error);
    else setWarning(error.message);
  };
  const run = (
    key: string,
    write: (done: {
      onSuccess: (a: { message: string }) => void;
      onError: (e: Error) => void;
      onSettled: () => void;
    }) => void,
  ) => {
    setWarning(null);
    setBusy(key);
    write({
      onSuccess: (answer) => notifications.show({ color: 'teal', message: answer.message }),
      onError,
      onSettled: () => setBusy(null),
    });
  };
  const step = (s: LabSpecimen, what: 'collect' | 'receive') =>
    run(`${what}:${s.uid}`, (done) =>
      (what === 'collect' ? collect : receive).mutate({ params: { registrationId, uid: s.uid } }, done),
    );

  if (specimens.isLoading)
    return (
      <Card withBorder padding="md">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('labSpecimens.card.loading')}
          </Text>
        </Group>
      </Card>
    );
  if (!specimens.data)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {t('labSpecimens.card.loadFailed')}
      </Alert>
    );
  const data: LabVisitSpecimens = specimens.data;
  const current = data.specimens.filter((s) => s.status !== 'rejected');
  const rejected = data.specimens.filter((s) => s.status === 'rejected');
  const when = (at: string) => formatDateTime(at, i18n.language as Locale);

  return (
    <Card withBorder padding="md" data-testid="lab-specimens">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Text fw={600}>{t('labSpecimens.card.title')}</Text>
          {data.samplingDone && (
            <Badge color="orange" variant="light">
              {t('labSpecimens.card.samplingDone')}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {canPerform && (
            <Button
              variant={current.length ? 'default' : 'filled'}
              leftSection={<IconBarcode size={18} />}
              loading={busy === 'label'}
              onClick={() => run('label', (done) => label.mutate({ params: { registrationId } }, done))}
            >
              {t('labSpecimens.card.makeLabels')}
            </Button>
          )}
          {canPerform && current.length > 0 && (
            <>
              <Button
                component="a"
                href={labelsPdfUrl(registrationId, 'label')}
                target="_blank"
                rel="noopener"
                variant="default"
                leftSection={<IconPrinter size={18} />}
              >
                {t('labSpecimens.card.printLabels')}
              </Button>
              <Anchor href={labelsPdfUrl(registrationId, 'sheet')} target="_blank" rel="noopener" size="sm">
                {t('labSpecimens.card.printSheet')}
              </Anchor>
            </>
          )}
        </Group>
      </Group>
      {warning && (
        <Alert
          color="orange"
          mb="sm"
          icon={<IconAlertTriangle size={18} />}
          withCloseButton
          onClose={() => setWarning(null)}
          role="alert"
        >
          {warning}
        </Alert>
      )}
      {current.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('labSpecimens.card.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('labSpecimens.card.barcode')}</Table.Th>
                <Table.Th>{t('labSpecimens.card.container')}</Table.Th>
                <Table.Th>{t('labSpecimens.card.tests')}</Table.Th>
                <Table.Th>{t('labSpecimens.card.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.map((s) => (
                <Table.Tr key={s.uid} data-testid="specimen-row">
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {s.barcode}
                    </Text>
                    {s.replacesBarcode && (
                      <Text size="xs" c="dimmed">
                        {t('labSpecimens.card.replaces', { barcode: s.replacesBarcode })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t(`labSpecimens.containers.${s.container}`)}</Table.Td>
                  <Table.Td>{s.tests.join(', ')}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[s.status]} variant="light">
                      {t(`labSpecimens.status.${s.status}`)}
                    </Badge>
                    <Stack gap={0} mt={2}>
                      {s.collected && (
                        <Text size="xs" c="dimmed">
                          {t('labSpecimens.card.collectedBy', {
                            name: s.collected.name ?? '–',
                            at: when(s.collected.at),
                          })}
                        </Text>
                      )}
                      {s.received && (
                        <Text size="xs" c="dimmed">
                          {t('labSpecimens.card.receivedBy', {
                            name: s.received.name ?? '–',
                            at: when(s.received.at),
                          })}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {canPerform && (
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {s.status === 'labelled' && (
                          <Button
                            size="xs"
                            color="orange"
                            loading={busy === `collect:${s.uid}`}
                            onClick={() => step(s, 'collect')}
                          >
                            {t('labSpecimens.card.collect')}
                          </Button>
                        )}
                        {s.status === 'collected' && (
                          <Button
                            size="xs"
                            color="teal"
                            loading={busy === `receive:${s.uid}`}
                            onClick={() => step(s, 'receive')}
                          >
                            {t('labSpecimens.card.receive')}
                          </Button>
                        )}
                        {s.status !== 'labelled' && (
                          <Button size="xs" variant="subtle" color="red" onClick={() => setRejecting(s)}>
                            {t('labSpecimens.card.reject')}
                          </Button>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rejected.length > 0 && (
        <Stack gap={2} mt="sm" data-testid="specimen-history">
          <Text size="sm" fw={600}>
            {t('labSpecimens.card.history')}
          </Text>
          {rejected.map((s) => (
            <Text key={s.uid} size="xs" c="dimmed">
              <Text span ff="monospace" size="xs">
                {s.barcode}
              </Text>{' '}
              · {t(`labSpecimens.containers.${s.container}`)} ·{' '}
              {t('labSpecimens.card.rejectedBy', {
                name: s.rejected?.name ?? '–',
                at: s.rejected ? when(s.rejected.at) : '–',
                reason: s.rejectReason ?? '–',
              })}
            </Text>
          ))}
        </Stack>
      )}
      <RejectModal
        specimen={rejecting}
        reasons={data.rejectionReasons}
        pending={reject.isPending}
        onClose={() => setRejecting(null)}
        onReject={(body) =>
          rejecting &&
          run(`reject:${rejecting.uid}`, (done) =>
            reject.mutate(
              { params: { registrationId, uid: rejecting.uid }, body },
              {
                ...done,
                onSuccess: (answer) => {
                  setRejecting(null);
                  done.onSuccess(answer);
                },
              },
            ),
          )
        }
      />
    </Card>
  );
}

function RejectModal({
  specimen,
  reasons,
  pending,
  onClose,
  onReject,
}: {
  specimen: LabSpecimen | null;
  reasons: LabVisitSpecimens['rejectionReasons'];
  pending: boolean;
  onClose: () => void;
  onReject: (body: { reasonCode: string | null; reason: string | null }) => void;
}) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setCode(null);
    setNote('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!code && !note.trim()) return setError(t('labSpecimens.reasonRequired'));
    onReject({ reasonCode: code, reason: note.trim() || null });
  };
  return (
    <Modal
      opened={specimen !== null}
      onClose={close}
      title={t('labSpecimens.reject.title', { barcode: specimen?.barcode ?? '' })}
      centered
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('labSpecimens.reject.hint')}
        </Text>
        <Select
          label={t('labSpecimens.reject.reason')}
          placeholder={t('labSpecimens.reject.reasonPlaceholder')}
          data={reasons.map((r) => ({ value: r.code, label: i18n.language === 'en' ? r.nameEn : r.nameId }))}
          value={code}
          onChange={(v) => {
            setCode(v);
            setError(null);
          }}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('labSpecimens.reject.note')}
          value={note}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setError(null);
          }}
          autosize
          minRows={2}
          maxLength={300}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('labSpecimens.reject.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={submit}>
            {t('labSpecimens.reject.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
