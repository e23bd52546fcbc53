import type { RadiologyWork } from '@klinikita/domain/radiology/radiology.schema';
import { Alert, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { useRadiologyWork } from '../api/radiology-api.ts';
import { RadiologyHistory } from './radiology-history.tsx';
import { RadiologyImages } from './radiology-images.tsx';
import { RadiologyOrderBanner } from './radiology-order-banner.tsx';
import { RadiologyReportEditor } from './radiology-report-editor.tsx';

/** The radiology work of the visit in `?id=`: the order, the report editor, images, versions, PDF. */
export function RadiologyWorkPanel({ registrationId }: { registrationId: string }) {
  const { t } = useTranslation();
  const work = useRadiologyWork(registrationId);
  if (work.isLoading)
    return (
      <Center py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('radiology.page.loading')}
          </Text>
        </Group>
      </Center>
    );
  if (!work.data)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {work.error instanceof ApiError && work.error.status < 500
          ? work.error.message
          : t('radiology.page.loadFailed')}
      </Alert>
    );
  const w = work.data;
  // a new version or a signature starts the editor again from the server's text
  return <Work key={`${w.report.uid}-${w.report.status}`} work={w} />;
}

function Work({ work }: { work: RadiologyWork }) {
  const { t, i18n } = useTranslation();
  const [warning, setWarning] = useState<string | null>(null);
  const show = (error: Error) => {
    if (isUnexpectedError(error)) void reportUnexpectedError(error);
    else setWarning(error.message);
  };
  return (
    <Stack gap="md" data-testid="radiology-work">
      {warning && (
        <Alert
          color="orange"
          title={t('radiology.page.warning')}
          icon={<IconAlertTriangle size={18} />}
          withCloseButton
          onClose={() => setWarning(null)}
          role="alert"
        >
          {warning}
        </Alert>
      )}
      <RadiologyOrderBanner work={work} />
      <RadiologyReportEditor work={work} onError={show} locale={i18n.language === 'en' ? 'en' : 'id'} />
      <RadiologyImages work={work} onWarning={setWarning} />
      {work.history.length > 0 && <RadiologyHistory history={work.history} />}
    </Stack>
  );
}
