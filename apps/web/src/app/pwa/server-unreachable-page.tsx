import { Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../shared/ui/brand-logo.tsx';

/**
 * What the app shell shows when it opened (from the service worker's cache) but the server does
 * not answer the session check: said plainly, instead of the browser's error page, while the
 * session start keeps asking (shared/session/session-api.ts).
 */
export function ServerUnreachablePage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={480}>
        <Stack align="center" gap="md" ta="center">
          <BrandLogo name={t('web.appName')} size="lg" />
          <IconPlugConnectedX size={40} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden />
          <Text role="alert" fw={500}>
            {t('web.session.unreachable')}
          </Text>
          <Loader size="sm" type="dots" aria-hidden />
        </Stack>
      </Paper>
    </Center>
  );
}
