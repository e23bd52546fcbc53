/** The props of a rupiah amount field: `Rp 1.250.000`, whole rupiah. */
export const MONEY_INPUT = {
  prefix: 'Rp ',
  thousandSeparator: '.',
  decimalSeparator: ',',
  allowDecimal: false,
  allowNegative: false,
  hideControls: true,
} as const;
