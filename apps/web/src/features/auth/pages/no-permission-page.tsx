import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** `/ErrorAuth/error`: where the route check sends a user without access (spec 6). */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="red">
          <IconLock size={32} />
        </ThemeIcon>
        <Title order={2}>{t('web.errorAuth.title')}</Title>
        <Text c="dimmed">{t('web.errorAuth.message')}</Text>
        <Button mt="sm" onClick={() => navigate('/authentication', { replace: true })}>
          {t('web.errorAuth.back')}
        </Button>
      </Stack>
    </Center>
  );
}
