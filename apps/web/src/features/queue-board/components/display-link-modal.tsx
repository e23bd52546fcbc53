import { Alert, Button, CopyButton, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconDeviceTv, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useDisplayLink, useRenewDisplayLink } from '../api/display-link.ts';

/** The "Layar antrean" button and its dialog: the clinic's TV link, to copy, open or replace. */
export function DisplayLinkButton({ clinicId, clinicName }: { clinicId: number; clinicName: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconDeviceTv size={16} />} onClick={() => setOpened(true)}>
        {t('queueBoard.displayLink.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`${t('queueBoard.displayLink.title')} – ${clinicName}`}
        size="lg"
        centered
      >
        {opened && <DisplayLinkBody clinicId={clinicId} />}
      </Modal>
    </>
  );
}

function DisplayLinkBody({ clinicId }: { clinicId: number }) {
  const { t } = useTranslation();
  const link = useDisplayLink(clinicId, true);
  const renew = useRenewDisplayLink();
  const [confirming, setConfirming] = useState(false);
  const path = link.data?.path ?? null;
  const url = path ? new URL(path, window.location.origin).toString() : null;
  const failure = link.error ?? renew.error;

  const create = () =>
    renew.mutate(clinicId, {
      onSuccess: (res) => {
        setConfirming(false);
        notifications.show({ color: 'teal', message: translateMessage(res.message) });
      },
    });

  return (
    <Stack gap="md">
      <Text size="sm">{t('queueBoard.displayLink.intro')}</Text>
      <Text size="xs" c="dimmed">
        {t('queueBoard.displayLink.privacy')}
      </Text>
      {link.isLoading ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('web.common.loading')}
          </Text>
        </Group>
      ) : url ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            flex={1}
            readOnly
            label={t('queueBoard.displayLink.link')}
            value={url}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? t('queueBoard.displayLink.copied') : t('queueBoard.displayLink.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconExternalLink size={14} />}
          >
            {t('queueBoard.displayLink.openTab')}
          </Button>
        </Group>
      ) : (
        !link.isError && (
          <Text size="sm" c="dimmed">
            {t('queueBoard.displayLink.none')}
          </Text>
        )
      )}
      {failure && (
        <Alert color="orange" variant="light">
          {translateMessage(failure.message)}
        </Alert>
      )}
      {confirming ? (
        <Alert color="orange" variant="light" title={t('queueBoard.displayLink.renew')}>
          <Stack gap="sm">
            <Text size="sm">{t('queueBoard.displayLink.renewConfirm')}</Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('queueBoard.back')}
              </Button>
              <Button color="orange" loading={renew.isPending} onClick={create}>
                {t('queueBoard.displayLink.renewYes')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        !link.isLoading &&
        !link.isError && (
          <Group justify="flex-end">
            <Button
              variant={url ? 'default' : 'filled'}
              leftSection={<IconRefresh size={14} />}
              loading={renew.isPending}
              onClick={() => (url ? setConfirming(true) : create())}
            >
              {url ? t('queueBoard.displayLink.renew') : t('queueBoard.displayLink.create')}
            </Button>
          </Group>
        )
      )}
    </Stack>
  );
}
