import type { RegistrationStatus } from '@klinikita/domain/registrations/registration.rules';
import type { SatusehatVisitStatus } from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconNotes, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { StatusBadge } from '../../../shared/registrations/status-badge.tsx';
import { SatusehatVisitBadge } from '../../../shared/satusehat/satusehat-state-badge.tsx';
import { type Encounter, encounterPdfUrl, letterPdfUrl } from '../api/record-api.ts';
import { formatDate } from '../format.ts';
import { OrderResults } from './order-results.tsx';
import { VitalChips } from './vital-chips.tsx';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {children}
    </div>
  );
}

function Prescription({ encounter: e }: { encounter: Encounter }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={2} type="ordered">
      {e.prescription.map((item, i) => {
        const sig = [
          `${item.dose} ${item.frequency}`,
          t(`consultations.routes.${item.route}`),
          item.durationDays ? t('emr.visit.days', { days: item.durationDays }) : null,
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a signed prescription never reorders
          <List.Item key={i}>
            <Text size="sm" span fw={500}>
              {item.name}
            </Text>
            <Text size="sm" span>
              {' — '}
              {item.kind === 'compound'
                ? t('emr.visit.compound', {
                    form: item.compoundForm ?? '',
                    quantity: item.quantity,
                    unit: item.unit,
                  })
                : `${item.quantity} ${item.unit}`}
              {` · ${sig}`}
              {item.instructions ? ` · ${item.instructions}` : ''}
            </Text>
            {item.kind === 'compound' && (
              <Text size="xs" c="dimmed">
                {item.ingredients.map((g) => `${g.name} ${g.amount}`).join(', ')}
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}

function Orders({ encounter: e }: { encounter: Encounter }) {
  const { t } = useTranslation();
  if (e.serviceOrders.length)
    return (
      <Stack gap={4}>
        {e.serviceOrders.map((o) => (
          <div key={o.uid}>
            <Group gap={6}>
              <Text size="sm" fw={500}>
                {t(`consultations.services.${o.serviceType}`)}
              </Text>
              {o.queueNumber && o.status ? (
                <>
                  <Badge size="sm" variant="outline" radius="sm" ff="monospace">
                    {o.queueNumber}
                  </Badge>
                  <StatusBadge status={o.status as RegistrationStatus} size="xs" />
                </>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('emr.visit.orderSent')}
                </Text>
              )}
            </Group>
            <Text size="sm">{o.items.join(', ')}</Text>
            {o.result && (
              <Text size="sm" c="teal.8">
                {t('emr.visit.result', { result: o.result })}
              </Text>
            )}
          </div>
        ))}
      </Stack>
    );
  return (
    <Stack gap={2}>
      {e.orders.map((o) => (
        <Text size="sm" key={o.serviceType}>
          <Text span fw={500} size="sm">
            {t(`consultations.services.${o.serviceType}`)}:
          </Text>{' '}
          {o.items.join(', ')}
        </Text>
      ))}
    </Stack>
  );
}

/** One visit of the record, as signed (or still a draft), with what followed from it. */
export function VisitCard({
  encounter: e,
  satusehat,
  canAddAddendum,
  onAddAddendum,
  timeZone,
}: {
  encounter: Encounter;
  /** The visit's delivery to SATUSEHAT, asked for the whole page of cards at once */
  satusehat?: SatusehatVisitStatus;
  canAddAddendum: boolean;
  onAddAddendum: (encounter: Encounter) => void;
  timeZone?: string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const soap = (['subjective', 'objective', 'assessment', 'plan'] as const).filter((k) => e[k]);
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={t('emr.visit.label', { date: formatDate(e.registration.queueDate, locale) })}
      data-testid="record-visit"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Group gap="xs">
              <Title order={3} size="h5">
                {formatDate(e.registration.queueDate, locale)}
              </Title>
              <Badge
                color={e.status === 'signed' ? 'teal' : 'yellow'}
                variant="light"
                radius="sm"
                style={{ textTransform: 'none' }}
              >
                {t(`consultations.status.${e.status}`)}
              </Badge>
              {e.status === 'signed' && <SatusehatVisitBadge status={satusehat} />}
            </Group>
            <Text size="sm" c="dimmed">
              {[e.clinic.name, e.doctor?.name, t('emr.visit.queue', { number: e.registration.queueNumber })]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
          <Group gap="xs">
            {canAddAddendum && e.status === 'signed' && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconNotes size={14} />}
                onClick={() => onAddAddendum(e)}
              >
                {t('emr.visit.addAddendum')}
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="light"
              component="a"
              href={encounterPdfUrl(e.uid)}
              target="_blank"
              rel="noopener"
              leftSection={<IconPrinter size={14} />}
            >
              {t('emr.visit.print')}
            </Button>
          </Group>
        </Group>

        <VitalChips encounter={e} />

        {soap.length > 0 && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
            {soap.map((k) => (
              <Part key={k} title={t(`emr.visit.soap.${k}`)}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {e[k]}
                </Text>
              </Part>
            ))}
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
          <Part title={t('emr.visit.diagnoses')}>
            {e.diagnoses.length ? (
              <Stack gap={2}>
                {e.diagnoses.map((d) => (
                  <Group key={d.code} gap={6} wrap="nowrap" align="flex-start">
                    <Badge variant="outline" radius="sm" ff="monospace" style={{ flexShrink: 0 }}>
                      {d.code}
                    </Badge>
                    <Text size="sm" component="div">
                      {d.title}
                      {d.primary && (
                        <Badge ml={6} size="xs" color="teal" radius="sm">
                          {t('emr.visit.primary')}
                        </Badge>
                      )}
                    </Text>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                –
              </Text>
            )}
          </Part>
          {e.procedures.length > 0 && (
            <Part title={t('emr.visit.procedures')}>
              <Stack gap={2}>
                {e.procedures.map((p) => (
                  <Group key={p.code} gap={6} wrap="nowrap" align="flex-start">
                    <Badge
                      variant="outline"
                      color="gray"
                      radius="sm"
                      ff="monospace"
                      style={{ flexShrink: 0 }}
                    >
                      {p.code}
                    </Badge>
                    <Text size="sm">{p.title}</Text>
                  </Group>
                ))}
              </Stack>
            </Part>
          )}
          {e.prescription.length > 0 && (
            <Part title={t('emr.visit.prescription')}>
              <Prescription encounter={e} />
            </Part>
          )}
          {(e.serviceOrders.length > 0 || e.orders.length > 0) && (
            <Part title={t('emr.visit.orders')}>
              <Orders encounter={e} />
            </Part>
          )}
          {e.referral && (
            <Part title={t('emr.visit.referral')}>
              <Text size="sm">{[e.referral.facility, e.referral.specialty].filter(Boolean).join(' — ')}</Text>
              <Text size="sm" c="dimmed">
                {e.referral.reason}
              </Text>
            </Part>
          )}
          {e.letters.length > 0 && (
            <Part title={t('emr.visit.letters')}>
              <Stack gap={2}>
                {e.letters.map((l) => (
                  <Group key={l.uid} gap={6}>
                    <Text size="sm">{t(`letters.kinds.${l.kind}`)}</Text>
                    <Anchor
                      size="sm"
                      href={letterPdfUrl(l.uid)}
                      target="_blank"
                      rel="noopener"
                      ff="monospace"
                    >
                      {l.number}
                    </Anchor>
                  </Group>
                ))}
              </Stack>
            </Part>
          )}
        </SimpleGrid>

        <OrderResults encounter={e} />

        {e.addenda.length > 0 && (
          <Part title={t('emr.visit.addenda')}>
            <Stack gap={6}>
              {e.addenda.map((a) => (
                <div
                  key={a.uid}
                  style={{ borderLeft: '3px solid var(--mantine-color-yellow-5)', paddingLeft: 8 }}
                >
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {a.text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('emr.visit.addendumBy', {
                      name: a.by.name,
                      date: formatDateTime(a.createdAt, locale, timeZone),
                    })}
                  </Text>
                </div>
              ))}
            </Stack>
          </Part>
        )}

        <Text size="xs" c="dimmed">
          {e.status === 'signed' && e.signedAt ? (
            t('emr.visit.signedBy', {
              name: e.signedBy?.name ?? e.doctor?.name ?? '–',
              date: formatDateTime(e.signedAt, locale, timeZone),
            })
          ) : (
            <Group gap={4} component="span">
              <IconAlertTriangle size={12} />
              {t('emr.visit.draftNote')}
            </Group>
          )}
        </Text>
      </Stack>
    </Card>
  );
}
