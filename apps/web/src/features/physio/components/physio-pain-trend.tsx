import { Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PhysioProgramme } from '../api/physio-api.ts';

const W = 420;
const H = 150;
const PAD = { left: 28, right: 12, top: 10, bottom: 24 };

/**
 * Pain before and after each session on the NRS (0–10), the first assessment as point 0: a small
 * line chart, with the numbers in its accessible name for those who cannot see it.
 */
export function PhysioPainTrend({ programme }: { programme: PhysioProgramme }) {
  const { t } = useTranslation();
  const sessions = programme.sessions;
  const points = [
    { n: 0, before: programme.assessment.painScale, after: programme.assessment.painScale },
    ...sessions.map((s) => ({ n: s.sessionNumber, before: s.painBefore, after: s.painAfter })),
  ];
  const maxN = Math.max(programme.plannedSessions, points[points.length - 1].n, 1);
  const x = (n: number) => PAD.left + (n / maxN) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((10 - v) / 10) * (H - PAD.top - PAD.bottom);
  const line = (key: 'before' | 'after') => points.map((p) => `${x(p.n)},${y(p[key])}`).join(' ');
  const summary = sessions.map((s) => `${s.sessionNumber}: ${s.painBefore}→${s.painAfter}`).join('; ');
  return (
    <Card withBorder padding="md" component="section" aria-label={t('physio.trend.title')}>
      <Group justify="space-between" mb={4}>
        <Text fw={600}>{t('physio.trend.title')}</Text>
        <Group gap="md">
          <Text size="xs" c="orange.7">
            ● {t('physio.trend.before')}
          </Text>
          <Text size="xs" c="teal.7">
            ● {t('physio.trend.after')}
          </Text>
        </Group>
      </Group>
      {sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('physio.trend.empty')}
        </Text>
      ) : (
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          role="img"
          aria-label={`${t('physio.trend.title')}: ${summary}`}
          style={{ maxHeight: 180 }}
        >
          {[0, 5, 10].map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e9ecef" />
              <text x={4} y={y(v) + 4} fontSize="10" fill="#868e96">
                {v}
              </text>
            </g>
          ))}
          {points.map((p) => (
            <text key={p.n} x={x(p.n)} y={H - 6} fontSize="10" fill="#868e96" textAnchor="middle">
              {p.n === 0 ? 'A' : p.n}
            </text>
          ))}
          <polyline points={line('before')} fill="none" stroke="#f76707" strokeWidth={2} />
          <polyline points={line('after')} fill="none" stroke="#0ca678" strokeWidth={2} />
          {points.map((p) => (
            <g key={`dot-${p.n}`}>
              <circle cx={x(p.n)} cy={y(p.before)} r={3} fill="#f76707" />
              <circle cx={x(p.n)} cy={y(p.after)} r={3} fill="#0ca678" />
            </g>
          ))}
        </svg>
      )}
    </Card>
  );
}
