import { Center, Divider, Drawer, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useService } from '../api/services-api.ts';
import { ServiceForm } from './service-form.tsx';
import { TariffSection } from './tariff-section.tsx';

/**
 * Adds a service (uid null) or shows one: its fields and package items, and below them its
 * tariffs. A new service gets its tariff section once it is saved.
 */
export function ServiceFormDrawer({
  uid,
  canManage,
  onSaved,
  onClose,
}: {
  uid: string | null;
  canManage: boolean;
  onSaved: (uid: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useService(uid);
  const service = uid ? detail.data : null;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={980}
      title={<Text fw={600}>{uid ? t('services.editTitle') : t('services.addTitle')}</Text>}
      // a stray click must not throw the typed service away
      closeOnClickOutside={false}
    >
      {uid && !service ? (
        <Center py="xl">
          {detail.isError ? <Text c="red">{t('web.common.loadFailed')}</Text> : <Loader size="sm" />}
        </Center>
      ) : (
        <>
          <ServiceForm
            key={service?.uid ?? 'new'}
            service={service ?? null}
            canManage={canManage}
            onSaved={onSaved}
            onCancel={onClose}
          />
          <Divider my="lg" />
          {service ? (
            <TariffSection service={service} canManage={canManage} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('services.tariffAfterSave')}
            </Text>
          )}
        </>
      )}
    </Drawer>
  );
}
