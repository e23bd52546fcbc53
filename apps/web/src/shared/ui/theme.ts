import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Clinical teal, from light surfaces to the dark text shade. */
const clinicalTeal: MantineColorsTuple = [
  '#e6fcf9',
  '#d3f4ef',
  '#a9e7de',
  '#7bd9cc',
  '#55cdbd',
  '#3dc5b3',
  '#2cc1ae',
  '#1aaa98',
  '#079786',
  '#008373',
];

/** One calm, dense theme for screens used for hours (DESIGN 9): 14 px base, soft radii, quiet shadows. */
export const theme = createTheme({
  primaryColor: 'clinicalTeal',
  primaryShade: 8,
  colors: { clinicalTeal },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '18px' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: { fontWeight: '600' },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'none', radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    Button: { defaultProps: { size: 'sm' } },
  },
});
