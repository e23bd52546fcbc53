import { CORPORATE_NAME_ROLES } from '@klinikita/domain/access/roles';
import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { Alert, Button, Card, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPackageImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useWorkingClinic } from '../../../shared/session/working-clinic.ts';
import { type StockItem, type StockLocation, useStockLocations } from '../api/inventory-api.ts';
import { AlertsPanel } from '../components/alerts-panel.tsx';
import { ConsistencyCheck } from '../components/consistency-check.tsx';
import { ItemDetailModal } from '../components/item-detail-modal.tsx';
import { LocationsPanel } from '../components/locations-panel.tsx';
import { AdjustForm, TransferForm } from '../components/move-forms.tsx';
import { ReceiveForm } from '../components/receive-form.tsx';
import { StockTable } from '../components/stock-table.tsx';
import { StockTabs } from '../components/stock-tabs.tsx';

type Mode = 'info' | 'pharmacy' | 'warehouse' | 'consumable';

const TITLES: Record<Mode, string> = {
  info: 'inventory.screen.titleStockInfo',
  pharmacy: 'inventory.screen.titleInternal',
  warehouse: 'inventory.screen.titleWarehouse',
  consumable: 'inventory.screen.titleConsumable',
};

/** The location a screen opens on. */
const DEFAULT_TYPE: Record<Mode, string> = {
  info: 'warehouse',
  pharmacy: 'pharmacy',
  warehouse: 'warehouse',
  consumable: 'treatment',
};

type Open = { kind: 'detail' | 'transfer' | 'adjust'; item: StockItem } | { kind: 'receive' } | null;

/**
 * The stock screens (issue 17 §4): a location of the working clinic, its items with on-hand,
 * nearest expiry and badges, an item's batches and stock card, the clinic's alerts. `/warehouse`
 * and `/Inventory/consumable` add receive, transfer, adjust and the locations for stock.manage;
 * `/Pharmacy/internalStock` is fixed to the pharmacy; `/Inventory/consumable` shows consumables.
 */
function StockScreen({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const permissions = usePermissions();
  const { clinic, clinics, setClinicId } = useWorkingClinic();
  const manage = (mode === 'warehouse' || mode === 'consumable') && permissions.has('stock.manage');
  const canCheck = permissions.has('stock.manage') || CORPORATE_NAME_ROLES.includes(user.role.role);
  const locations = useStockLocations(clinic?.id ?? 0);
  const [picked, setPicked] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  if (!clinic) return null;
  const today = clinicDay(clinic.timeZone);
  const list = locations.data ?? [];
  const fixed = mode === 'pharmacy' ? list.find((l) => l.type === 'pharmacy' && l.active) : undefined;
  const location: StockLocation | undefined =
    mode === 'pharmacy'
      ? fixed
      : (list.find((l) => l.uid === picked) ??
        list.find((l) => l.active && l.type === DEFAULT_TYPE[mode]) ??
        list.find((l) => l.active) ??
        list[0]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t(TITLES[mode])}</Title>
          <Text c="dimmed" size="sm">
            {mode === 'consumable' ? t('inventory.screen.consumableNote') : t('inventory.screen.subtitle')}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          {clinics.length > 1 && (
            <Select
              label={t('inventory.screen.clinic')}
              data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
              value={String(clinic.id)}
              onChange={(v) => {
                if (!v) return;
                setClinicId(Number(v));
                setPicked(null);
              }}
              allowDeselect={false}
              w={260}
            />
          )}
          {mode !== 'pharmacy' && list.length > 0 && (
            <Select
              label={t('inventory.screen.location')}
              data={list.map((l) => ({
                value: l.uid,
                label: `${l.name} · ${t(`inventory.screen.locationType.${l.type}`)}`,
              }))}
              value={location?.uid ?? null}
              onChange={(v) => v && setPicked(v)}
              allowDeselect={false}
              w={260}
            />
          )}
          {manage && location && (
            <Button
              leftSection={<IconPackageImport size={16} />}
              onClick={() => setOpen({ kind: 'receive' })}
            >
              {t('inventory.screen.receive')}
            </Button>
          )}
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <StockTabs
            clinicId={clinic.id}
            today={today}
            location={location}
            locations={list}
            manage={permissions.has('stock.manage')}
            documents={mode !== 'info'}
            report={mode === 'info'}
            lab={mode === 'consumable'}
          >
            <Card withBorder padding="md">
              <Stack gap="sm">
                {!locations.isLoading && !location && (
                  <Alert color="gray" variant="light">
                    {mode === 'pharmacy'
                      ? t('inventory.screen.noPharmacy')
                      : t('inventory.screen.noLocation')}
                  </Alert>
                )}
                {location && (
                  <StockTable
                    key={location.uid}
                    locationUid={location.uid}
                    today={today}
                    consumablesOnly={mode === 'consumable'}
                    onOpen={(item) => setOpen({ kind: 'detail', item })}
                    actions={
                      manage
                        ? (item) => (
                            <Stack gap={4} align="stretch">
                              <Button
                                size="compact-xs"
                                variant="light"
                                onClick={() => setOpen({ kind: 'transfer', item })}
                              >
                                {t('inventory.screen.transfer')}
                              </Button>
                              <Button
                                size="compact-xs"
                                variant="default"
                                onClick={() => setOpen({ kind: 'adjust', item })}
                              >
                                {t('inventory.screen.adjust')}
                              </Button>
                            </Stack>
                          )
                        : undefined
                    }
                  />
                )}
              </Stack>
            </Card>
          </StockTabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <Stack gap="md">
            {canCheck && <ConsistencyCheck key={clinic.id} clinicId={clinic.id} />}
            <AlertsPanel clinicId={clinic.id} />
            {manage && mode === 'warehouse' && <LocationsPanel clinicId={clinic.id} locations={list} />}
          </Stack>
        </Grid.Col>
      </Grid>
      {location && open?.kind === 'detail' && (
        <ItemDetailModal
          item={open.item}
          locationUid={location.uid}
          locationName={location.name}
          today={today}
          timeZone={clinic.timeZone}
          onClose={() => setOpen(null)}
        />
      )}
      {location && open?.kind === 'receive' && (
        <ReceiveForm
          locationUid={location.uid}
          locationName={location.name}
          drugRead={permissions.has('drug.read')}
          onClose={() => setOpen(null)}
        />
      )}
      {location && open?.kind === 'transfer' && (
        <TransferForm item={open.item} from={location} locations={list} onClose={() => setOpen(null)} />
      )}
      {location && open?.kind === 'adjust' && (
        <AdjustForm item={open.item} location={location} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}

/** `/stockInfo`: any location of the clinic, read only. */
export const StockInfoPage = () => <StockScreen mode="info" />;
/** `/Pharmacy/internalStock`: the pharmacy's stock. */
export const InternalStockPage = () => <StockScreen mode="pharmacy" />;
/** `/warehouse`: stock with receive, transfer, adjust and the locations (stock.manage). */
export const WarehousePage = () => <StockScreen mode="warehouse" />;
/** `/Inventory/consumable`: the consumables, with receive, transfer and adjust (stock.manage). */
export const ConsumablePage = () => <StockScreen mode="consumable" />;
