/**
 * The tube or pot a sample goes in (one barcode label per container). Its own file: the stock
 * screens name containers without loading the lab catalogue's schema and messages.
 */
export const CONTAINERS = [
  'edta',
  'plain',
  'citrate',
  'heparin',
  'fluoride',
  'urinePot',
  'stoolPot',
] as const;
