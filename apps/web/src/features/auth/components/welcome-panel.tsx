import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import { Alert, Avatar, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../shared/format.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { useClinicName } from '../../../shared/session/clinic-name.ts';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Card padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500} mt={4}>
        {value}
      </Text>
    </Card>
  );
}

/** Landing for a user whose role opens no screen yet: who they are, where, and what day it is. */
export function WelcomePanel({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const clinicName = useClinicName(user);
  return (
    <Stack gap="lg" maw={960}>
      <Group gap="md">
        <Avatar src={user.imageUrl} alt={user.name} size={56} radius="xl" color="initials" name={user.name} />
        <div>
          <Title order={2}>{t('web.welcome.greeting', { name: user.name })}</Title>
          <Text c="dimmed">{user.username}</Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label={t('web.welcome.role')} value={user.role.role} />
        <Fact label={t('web.welcome.clinic')} value={clinicName} />
        <Fact
          label={t('web.welcome.today')}
          value={formatLongDate(new Date(), currentLocale(), user.timeZone)}
        />
      </SimpleGrid>
      <Alert variant="light" icon={<IconInfoCircle />}>
        {t('web.welcome.noMenu')}
      </Alert>
    </Stack>
  );
}
