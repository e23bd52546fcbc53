import { CODE_LISTS } from '@klinikita/domain/code-lists/code-list.schema';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { ClinicCodesPanel } from '../components/clinic-codes-panel.tsx';
import { CodeListPanel } from '../components/code-list-panel.tsx';

const ICD_TAB = 'icd';

/**
 * `/statesCode` (Daftar Kode): the corporate's reason lists and MCU conclusion categories, one tab
 * each, and the clinics' ICD title corrections and favourites. The open tab is in the address
 * (`?tab=discount`), so a reload or a shared link opens the same list.
 */
export function CodeListsPage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const [params, setParams] = useSearchParams();
  const tabs = [
    ...(permissions.has('codeList.manage') ? CODE_LISTS : []),
    ...(permissions.has('code.read') ? [ICD_TAB] : []),
  ];
  const wanted = params.get('tab');
  const current = wanted && tabs.includes(wanted) ? wanted : tabs[0];

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('codeLists.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('codeLists.subtitle')}
        </Text>
      </div>
      <Tabs
        value={current ?? null}
        onChange={(tab) => tab && setParams({ tab }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('codeLists.tabsLabel')} mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {tab === ICD_TAB ? t('codeLists.icd.tab') : t(`codeLists.lists.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            <Stack gap="xs">
              {tab === ICD_TAB ? (
                <ClinicCodesPanel />
              ) : (
                <CodeListPanel list={tab as (typeof CODE_LISTS)[number]} />
              )}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
