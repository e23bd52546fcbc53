import { Alert, Box, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, GENERIC_ERROR_TOAST } from '../../../shared/api-client.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import {
  isAcceptedPhoto,
  PHOTO_EXTENSIONS,
  PHOTO_MAX_BYTES,
  PHOTO_MIME_TYPES,
  type UploadTarget,
  uploadPhoto,
} from '../api/upload-photo.ts';

interface AttachmentDialogProps {
  opened: boolean;
  target: UploadTarget;
  onCancel: () => void;
  /** The uploaded file's URL. */
  onDone: (url: string) => void;
}

const ACCEPT = [...PHOTO_MIME_TYPES, ...PHOTO_EXTENSIONS.map((e) => `.${e}`)].join(',');

/**
 * The attachment dialog of spec 2.5: a drop zone, Done and Cancel; neither the backdrop nor Esc
 * closes it. The file is checked here for type and size and uploaded on Done; the server checks
 * the content again and its refusals (400, 413) are shown in the dialog.
 */
export function AttachmentDialog({ opened, target, onCancel, onDone }: AttachmentDialogProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (opened) return;
    setFile(null);
    setPreview(null);
    setError(null);
  }, [opened]);

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    if (!isAcceptedPhoto(candidate)) {
      setFile(null);
      setError(t('staffWeb.attachment.typeRefused', { name: candidate.name }));
    } else if (candidate.size > PHOTO_MAX_BYTES) {
      setFile(null);
      setError(t('staffWeb.attachment.tooLarge', { name: candidate.name }));
    } else {
      setFile(candidate);
      setError(null);
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      inputRef.current?.click();
    }
  }

  async function done() {
    if (!file) return;
    setUploading(true);
    try {
      onDone(await uploadPhoto(file, target));
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status > 0
          ? translateMessage(failure.message)
          : GENERIC_ERROR_TOAST,
      );
    } finally {
      setUploading(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('staffWeb.attachment.title')}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      zIndex={300}
    >
      <Stack gap="sm">
        <Box
          role="button"
          tabIndex={0}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
          onKeyDown={onKeyDown}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
          p="lg"
          style={{
            border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-4'})`,
            borderRadius: 'var(--mantine-radius-md)',
            background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
            cursor: 'pointer',
            textAlign: 'center',
          }}
        >
          {preview ? (
            <Image src={preview} alt={t('staffWeb.attachment.preview')} h={140} fit="contain" />
          ) : (
            <IconPhotoUp size={40} stroke={1.5} color="var(--mantine-color-gray-6)" />
          )}
          <Text size="sm" fw={500} mt="xs">
            {t('staffWeb.attachment.dropZone')}
          </Text>
          <Text size="xs" c="dimmed" id={hintId}>
            {t('staffWeb.attachment.rules')}
          </Text>
        </Box>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="photo-input"
          onChange={(e) => {
            choose(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        {file && (
          <Text size="sm" truncate>
            {t('staffWeb.attachment.selected', { name: file.name })}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={uploading}>
            {t('staffWeb.attachment.cancel')}
          </Button>
          <Button onClick={done} disabled={!file} loading={uploading}>
            {t('staffWeb.attachment.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
