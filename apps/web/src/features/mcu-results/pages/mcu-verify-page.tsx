import { Alert, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatLongDate } from '../../../shared/format.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { verifyMcu } from '../api/mcu-results-api.ts';

/**
 * `/verify/mcu/:token`: what a report's QR code opens, without a login: whether the report is
 * valid (approved, or replaced by a newer version), the clinic, the approval time and the version.
 * Never the contents or the name.
 */
export function McuVerifyPage() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <Verification />
    </QueryClientProvider>
  );
}

function Verification() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const answer = useQuery({ queryKey: ['mcu-verify', token], queryFn: () => verifyMcu(token) });
  const v = answer.data;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Card withBorder shadow="sm" padding="xl" maw={460} w="100%">
        <Stack gap="md">
          <Title order={3}>{t('mcuOutputs.verify.title')}</Title>
          {answer.isLoading && (
            <Center>
              <Loader size="sm" aria-label={t('mcuOutputs.verify.checking')} />
            </Center>
          )}
          {answer.isError && (
            <Alert color="red" icon={<IconCircleX />} title={t('mcuOutputs.verify.invalid')}>
              {' '}
            </Alert>
          )}
          {v && (
            <>
              <Alert
                color={v.valid ? 'teal' : 'orange'}
                icon={v.valid ? <IconCircleCheck /> : <IconAlertTriangle />}
                title={t(v.valid ? 'mcuOutputs.verify.valid' : 'mcuOutputs.verify.replaced')}
              >
                {' '}
              </Alert>
              <Text size="sm">
                {t('mcuOutputs.verify.clinic')}: <b>{v.clinicName}</b>
              </Text>
              {v.approvedAt && (
                <Text size="sm">
                  {t('mcuOutputs.verify.approvedAt')}:{' '}
                  {formatLongDate(new Date(v.approvedAt), currentLocale())}
                </Text>
              )}
              <Text size="sm">
                {t('mcuOutputs.verify.version')}: {v.version}
              </Text>
            </>
          )}
          <Text size="xs" c="dimmed">
            {t('mcuOutputs.verify.privacy')}
          </Text>
        </Stack>
      </Card>
    </Center>
  );
}
