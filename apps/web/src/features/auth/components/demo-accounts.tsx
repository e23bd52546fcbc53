import { Badge, Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDemoAccounts } from '../api/get-demo-accounts.ts';

/** The demo accounts, while the demo data is in use; a click fills in the login form. */
export function DemoAccounts({ onPick }: { onPick: (username: string, password: string) => void }) {
  const { t } = useTranslation();
  const { data } = useDemoAccounts();
  if (!data?.accounts.length) return null;
  return (
    <Paper withBorder p="md" bg="var(--mantine-color-gray-0)">
      <Text fw={600} size="sm">
        {t('web.login.demo.title')}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        {t('web.login.demo.hint', { password: data.password })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6}>
        {data.accounts.map((account) => (
          <UnstyledButton
            key={account.username}
            onClick={() => onPick(account.username, data.password)}
            aria-label={t('web.login.demo.use', { username: account.username })}
            px="sm"
            py={6}
            bg="white"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {account.username}
              </Text>
              <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                {account.role}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {account.name}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
