/**
 * The number fields of the purchasing forms, one way everywhere: quantities to three decimals,
 * rupiah whole and never negative, discounts as a percentage; Indonesian separators.
 */
export const QUANTITY_INPUT = {
  min: 0,
  decimalScale: 3,
  decimalSeparator: ',',
  thousandSeparator: '.',
  hideControls: true,
} as const;

export const RUPIAH_INPUT = {
  prefix: 'Rp ',
  thousandSeparator: '.',
  decimalSeparator: ',',
  allowDecimal: false,
  allowNegative: false,
  hideControls: true,
} as const;

export const PERCENT_INPUT = {
  min: 0,
  max: 100,
  decimalScale: 2,
  decimalSeparator: ',',
  hideControls: true,
} as const;
