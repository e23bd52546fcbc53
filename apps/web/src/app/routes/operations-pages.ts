import { withCatalogues } from '../../shared/i18n/i18n.ts';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';

/**
 * The screens of the pharmacy, the stock and purchasing (issue 17), by path; the router spreads
 * them into its pages. Each lazy import names the catalogue sections its chunk loads.
 */
const stockChunk = withCatalogues(
  ['inventory', 'drugs'],
  () => import('../../features/inventory/pages/stock-page.tsx'),
);

const pharmacyQueueChunk = withCatalogues(
  ['pharmacyQueue', 'pharmacy', 'consultations', 'drugs', 'registrations', 'patients', 'staffApi'],
  () => import('../../features/pharmacy-queue/pages/pharmacy-queue-page.tsx'),
);

const supplierChunk = withCatalogues(
  ['purchasing', 'inventory', 'drugs'],
  () => import('../../features/purchasing/pages/supplier-page.tsx'),
);
const orderChunk = withCatalogues(
  ['purchasing', 'inventory', 'drugs'],
  () => import('../../features/purchasing/pages/purchase-order-page.tsx'),
);
const returnChunk = withCatalogues(
  ['purchasing', 'inventory', 'drugs'],
  () => import('../../features/purchasing/pages/return-receive-page.tsx'),
);

export const OPERATIONS_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/stockInfo': lazyComponent(stockChunk, (m) => m.StockInfoPage),
  '/Pharmacy/internalStock': lazyComponent(stockChunk, (m) => m.InternalStockPage),
  '/warehouse': lazyComponent(stockChunk, (m) => m.WarehousePage),
  '/Inventory/consumable': lazyComponent(stockChunk, (m) => m.ConsumablePage),
  '/supplier': lazyComponent(supplierChunk, (m) => m.SupplierPage),
  '/purchaseOrder': lazyComponent(orderChunk, (m) => m.PurchaseOrderPage),
  '/ReturnReceive': lazyComponent(returnChunk, (m) => m.ReturnReceivePage),
  '/pharmacyQueue': lazyComponent(pharmacyQueueChunk, (m) => m.PharmacyQueuePage),
};
