import type {
  SatusehatDeliveryState,
  SatusehatVisitStatus,
} from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One colour per state: accepted green, waiting blue, refused red, blocked orange. */
export const SATUSEHAT_STATE_COLORS: Readonly<Record<SatusehatDeliveryState, string>> = {
  accepted: 'teal',
  waiting: 'blue',
  refused: 'red',
  blocked: 'orange',
};

/** A delivery's state as the sync screen and the record show it: the same word and colour everywhere. */
export function SatusehatStateBadge({
  state,
  label,
  size = 'sm',
}: {
  state: SatusehatDeliveryState;
  /** Instead of the bare state word (the record's "SATUSEHAT: Ditolak") */
  label?: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  return (
    <Badge
      size={size}
      color={SATUSEHAT_STATE_COLORS[state]}
      variant="light"
      radius="sm"
      // never cut to "Dit…" in a narrow table cell
      style={{ whiteSpace: 'nowrap', textTransform: 'none', flexShrink: 0, minWidth: 'max-content' }}
    >
      {label ?? t(`satusehatSync.states.${state}`)}
    </Badge>
  );
}

/**
 * The visit's delivery to SATUSEHAT in the record: the worst state of its deliveries, the reason
 * of a refusal or a hold in the tooltip. Only once there is something to send; the status is read
 * for a page of visits at once (`useSatusehatVisitStatuses`, only for `satusehat.status`).
 */
export function SatusehatVisitBadge({ status }: { status: SatusehatVisitStatus | undefined }) {
  const { t } = useTranslation();
  if (!status?.state) return null;
  const state = status.state;
  const reasons = status.deliveries
    .filter((d) => d.state === state && (d.state === 'refused' || d.state === 'blocked'))
    .map((d) => {
      const why = d.blockedReason ? t(`satusehatSync.blocked.${d.blockedReason}`) : (d.message ?? '');
      return `${t(`satusehatSync.kinds.${d.kind}`)}: ${why}${d.expression ? ` (${d.expression})` : ''}`;
    });
  const label = t('satusehatSync.badge', { state: t(`satusehatSync.states.${state}`) });
  const badge = <SatusehatStateBadge state={state} label={label} />;
  return (
    <Tooltip
      label={reasons.length ? reasons.join('\n') : t('satusehatSync.badgeTitle')}
      multiline
      w={320}
      style={{ whiteSpace: 'pre-line' }}
      withArrow
    >
      <span data-testid="satusehat-visit-badge">{badge}</span>
    </Tooltip>
  );
}
