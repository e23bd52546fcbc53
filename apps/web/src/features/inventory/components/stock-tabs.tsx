import { Card, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockLocation } from '../api/inventory-api.ts';
import { LabConsumablesPanel } from './lab-consumables-panel.tsx';
import { NarcoticsReportPanel } from './narcotics-report.tsx';
import { OpnamePanel } from './opname-panel.tsx';
import { RequestsPanel } from './requests-panel.tsx';

/**
 * The stock screens' sections beside the stock list: the location's stock counts and unit
 * requests (`/warehouse`, `/Pharmacy/internalStock`, `/Inventory/consumable`), the narcotics
 * report (`/stockInfo`) and the lab's consumables list (`/Inventory/consumable`).
 */
export function StockTabs({
  children,
  clinicId,
  today,
  location,
  locations,
  manage,
  documents,
  report,
  lab = false,
}: {
  children: ReactNode;
  clinicId: number;
  today: string;
  location: StockLocation | undefined;
  locations: readonly StockLocation[];
  manage: boolean;
  /** Show the opname and request sections. */
  documents: boolean;
  /** Show the narcotics report. */
  report: boolean;
  /** Show the lab's consumables list (`/Inventory/consumable`). */
  lab?: boolean;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('stock');
  if (!documents && !report) return children;
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="stock">{t('inventory.screen.list')}</Tabs.Tab>
        {documents && location && <Tabs.Tab value="opname">{t('inventory.opname.tab')}</Tabs.Tab>}
        {documents && location && <Tabs.Tab value="requests">{t('inventory.requests.tab')}</Tabs.Tab>}
        {report && <Tabs.Tab value="narcotics">{t('inventory.narcotics.tab')}</Tabs.Tab>}
        {lab && <Tabs.Tab value="lab">{t('inventory.labConsumables.tab')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="stock">{children}</Tabs.Panel>
      {documents && location && (
        <Tabs.Panel value="opname">
          <Card withBorder padding="md">
            <OpnamePanel key={location.uid} location={location} manage={manage} />
          </Card>
        </Tabs.Panel>
      )}
      {documents && location && (
        <Tabs.Panel value="requests">
          <Card withBorder padding="md">
            <RequestsPanel
              key={location.uid}
              clinicId={clinicId}
              location={location}
              locations={locations}
              manage={manage}
            />
          </Card>
        </Tabs.Panel>
      )}
      {report && (
        <Tabs.Panel value="narcotics">
          <Card withBorder padding="md">
            <NarcoticsReportPanel clinicId={clinicId} today={today} />
          </Card>
        </Tabs.Panel>
      )}
      {lab && (
        <Tabs.Panel value="lab">
          <Card withBorder padding="md">
            <LabConsumablesPanel clinicId={clinicId} manage={manage} />
          </Card>
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
