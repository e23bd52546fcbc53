import type { RadiologyWork } from '@klinikita/domain/radiology/radiology.schema';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { uploadRadiologyImage, useRemoveRadiologyImage, useUploadedWork } from '../api/radiology-api.ts';

const ACCEPT = 'image/jpeg,image/png,application/pdf,application/dicom,.dcm';

/** The visit's images: upload with progress, thumbnails that open the file, removal while the report is a draft. */
export function RadiologyImages({
  work,
  onWarning,
}: {
  work: RadiologyWork;
  onWarning: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const uploaded = useUploadedWork();
  const remove = useRemoveRadiologyImage();
  const signed = work.report.status === 'signed';

  const upload = (file: File | null) => {
    if (!file) return;
    setProgress(0);
    uploadRadiologyImage(work.registrationId, file, setProgress)
      .then(({ work: next, message }) => {
        uploaded(next);
        notifications.show({ color: 'teal', message });
      })
      .catch((error: Error) => {
        if (isUnexpectedError(error)) void reportUnexpectedError(error);
        else onWarning(error.message);
      })
      .finally(() => setProgress(null));
  };

  const confirmRemove = (imageUid: string) =>
    modals.openConfirmModal({
      title: t('radiology.page.removeTitle'),
      centered: true,
      size: 'sm',
      children: <Text size="sm">{t('radiology.page.removeBody')}</Text>,
      labels: { confirm: t('radiology.page.remove'), cancel: t('radiology.page.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { params: { registrationId: work.registrationId, imageUid } },
          {
            onSuccess: (answer) => notifications.show({ color: 'teal', message: answer.message }),
            onError: (error) => {
              if (isUnexpectedError(error)) void reportUnexpectedError(error);
              else onWarning(error.message);
            },
          },
        ),
    });

  return (
    <Card withBorder padding="md" data-testid="radiology-images">
      <Group justify="space-between" mb="sm">
        <div>
          <Text fw={600}>{t('radiology.page.images')}</Text>
          <Text size="xs" c="dimmed">
            {t('radiology.page.uploadHint')}
          </Text>
        </div>
        <FileButton onChange={upload} accept={ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} />}
              loading={progress !== null}
            >
              {t('radiology.page.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && (
        <Stack gap={4} mb="sm">
          <Text size="xs">{t('radiology.page.uploading', { percent: progress })}</Text>
          <Progress
            value={progress}
            animated
            aria-label={t('radiology.page.uploading', { percent: progress })}
          />
        </Stack>
      )}
      {work.images.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('radiology.page.noImages')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {work.images.map((img) => (
            <Paper key={img.uid} withBorder p={6} radius="md" data-testid="radiology-image">
              <Anchor
                href={img.url}
                target="_blank"
                rel="noopener"
                aria-label={t('radiology.page.openImage')}
              >
                {img.mimeType.startsWith('image/') ? (
                  <Image
                    src={img.url}
                    alt={img.caption ?? img.name ?? ''}
                    h={110}
                    fit="contain"
                    bg="dark.8"
                    radius="sm"
                  />
                ) : (
                  <Group h={110} justify="center" bg="gray.1" style={{ borderRadius: 4 }}>
                    <ThemeIcon variant="light" size={48}>
                      {img.mimeType === 'application/pdf' ? (
                        <IconFileTypePdf size={28} />
                      ) : (
                        <IconPhoto size={28} />
                      )}
                    </ThemeIcon>
                  </Group>
                )}
              </Anchor>
              <Group justify="space-between" wrap="nowrap" mt={4} gap={4}>
                <Text size="xs" truncate title={img.name ?? undefined}>
                  {img.caption ?? img.name ?? img.mimeType}
                </Text>
                {!signed && (
                  <Tooltip label={t('radiology.page.removeImage')}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('radiology.page.removeImage')}
                      onClick={() => confirmRemove(img.uid)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
