import type { LoginInput } from '@klinikita/domain/auth/auth.schema';
import { Box, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../shared/i18n/language-switch.tsx';
import { BrandLogo } from '../../../shared/ui/brand-logo.tsx';
import { DemoAccounts } from '../components/demo-accounts.tsx';
import { LoginForm } from '../components/login-form.tsx';

const BRAND_POINTS = ['frontOffice', 'clinical', 'support', 'finance'] as const;

/** `/`: the login page. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });

  return (
    <Box mih="100vh" style={{ display: 'flex' }}>
      <Box
        visibleFrom="md"
        w="42%"
        p={48}
        style={{
          background:
            'linear-gradient(160deg, var(--mantine-primary-color-8), var(--mantine-primary-color-9))',
          color: 'white',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
        }}
      >
        <Title order={2} fw={700}>
          {t('web.appName')}
        </Title>
        <Text opacity={0.85} mb={32}>
          {t('web.tagline')}
        </Text>
        <Title order={3} fw={500} mb="md">
          {t('web.login.brandTitle')}
        </Title>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" color="white" variant="white">
              <IconCheck size={14} color="var(--mantine-primary-color-8)" />
            </ThemeIcon>
          }
        >
          {BRAND_POINTS.map((point) => (
            <List.Item key={point}>{t(`web.login.brandPoints.${point}`)}</List.Item>
          ))}
        </List>
      </Box>

      <Stack flex={1} p="lg" bg="var(--mantine-color-gray-0)" justify="center" align="center">
        <Stack w="100%" maw={440} gap="md">
          <Group justify="space-between">
            <BrandLogo name={t('web.appName')} size="lg" />
            <LanguageSwitch size="sm" />
          </Group>
          <Card p="xl" shadow="xs">
            <Title order={3}>{t('web.login.title')}</Title>
            <Text size="sm" c="dimmed" mb="lg">
              {t('web.login.subtitle')}
            </Text>
            <LoginForm
              values={values}
              onChange={setValues}
              onLoggedIn={() => navigate('/authentication', { replace: true })}
            />
          </Card>
          <DemoAccounts onPick={(username, password) => setValues({ username, password })} />
        </Stack>
      </Stack>
    </Box>
  );
}
