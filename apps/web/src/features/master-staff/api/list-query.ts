/** A list filter flag as the list calls send it: 'true'/'false', or left out. */
export const wireFlag = (value: boolean | undefined) =>
  value === undefined ? undefined : value ? ('true' as const) : ('false' as const);
