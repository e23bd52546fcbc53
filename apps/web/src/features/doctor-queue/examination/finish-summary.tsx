import type { EncounterContent } from '@klinikita/domain/consultations/encounter.schema';
import { List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCash, IconFileText, IconLock, IconPill, IconTestPipe } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What finishing will do, listed before the doctor confirms. */
export function FinishSummary({ content, intro }: { content: EncounterContent; intro: string }) {
  const { t } = useTranslation();
  const icon = (node: React.ReactNode, color = 'teal') => (
    <ThemeIcon size={20} radius="xl" variant="light" color={color}>
      {node}
    </ThemeIcon>
  );
  return (
    <Stack gap="xs" data-testid="finish-summary">
      <Text size="sm">{intro}</Text>
      <List spacing={6} size="sm" center>
        <List.Item icon={icon(<IconLock size={12} />, 'gray')}>{t('examination.finish.sign')}</List.Item>
        {content.prescription.length > 0 ? (
          <List.Item icon={icon(<IconPill size={12} />)}>
            {t('examination.finish.toPharmacy', { count: content.prescription.length })}
          </List.Item>
        ) : (
          <List.Item icon={icon(<IconCash size={12} />)}>{t('examination.finish.toCashier')}</List.Item>
        )}
        {content.orders.map((o) => (
          <List.Item key={o.serviceType} icon={icon(<IconTestPipe size={12} />, 'blue')}>
            {t('examination.finish.order', {
              service: t(`consultations.services.${o.serviceType}`),
              items: o.items.join(', '),
            })}
          </List.Item>
        ))}
        {content.referral && (
          <List.Item icon={icon(<IconFileText size={12} />, 'grape')}>
            {t('examination.finish.referral', { facility: content.referral.facility })}
          </List.Item>
        )}
      </List>
    </Stack>
  );
}
