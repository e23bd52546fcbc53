import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SatusehatSettingsPage } from '../features/satusehat-settings/pages/satusehat-settings-page.tsx';
import { SatusehatSyncPage } from '../features/satusehat-sync/pages/satusehat-sync-page.tsx';

/**
 * `/Setting/satuSehat`: two features on one screen, as tabs — the connection and Locations
 * (issue 19 §1) and what was sent (§5). `?tab=sync` opens the second (the dashboard card's link).
 */
export function SatusehatPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'sync' ? 'sync' : 'settings';
  return (
    <Tabs
      value={tab}
      onChange={(value) => setParams(value === 'sync' ? { tab: 'sync' } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="settings">{t('satusehatSync.tabSettings')}</Tabs.Tab>
        <Tabs.Tab value="sync">{t('satusehatSync.tabSync')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="settings">
        <SatusehatSettingsPage />
      </Tabs.Panel>
      <Tabs.Panel value="sync">
        <SatusehatSyncPage />
      </Tabs.Panel>
    </Tabs>
  );
}
