import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const NOT_FOUND_MESSAGE = 'This page could not be found';

/** The error page of spec 2.2: message (default Error) and status (default 500); 404 links home. */
export function ErrorPage({ status = 500, message = 'Error' }: { status?: number; message?: string }) {
  const { t } = useTranslation();
  const notFound = status === 404;
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="xs">
        <Title order={1} fz={72} c="dimmed" lh={1}>
          {status}
        </Title>
        <Text fz="lg" fw={500}>
          {notFound ? NOT_FOUND_MESSAGE : message}
        </Text>
        {notFound && (
          <Anchor component={Link} to="/">
            {t('web.error.home')}
          </Anchor>
        )}
      </Stack>
    </Center>
  );
}

export const NotFoundPage = () => <ErrorPage status={404} />;
