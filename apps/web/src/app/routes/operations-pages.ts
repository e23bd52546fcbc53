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

export const OPERATIONS_PAGES: Readonly<Record<string, LazyComponent>> = {
  '/stockInfo': lazyComponent(stockChunk, (m) => m.StockInfoPage),
  '/Pharmacy/internalStock': lazyComponent(stockChunk, (m) => m.InternalStockPage),
  '/warehouse': lazyComponent(stockChunk, (m) => m.WarehousePage),
  '/Inventory/consumable': lazyComponent(stockChunk, (m) => m.ConsumablePage),
};
