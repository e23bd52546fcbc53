import { Group, Text, ThemeIcon } from '@mantine/core';

/** The product mark: a white cross on teal, and the product name. */
export function BrandLogo({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  const icon = size === 'lg' ? 40 : 30;
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={icon} radius="md" aria-hidden>
        <svg viewBox="0 0 32 32" width={icon * 0.7} height={icon * 0.7} role="presentation">
          <path d="M13 5h6v8h8v6h-8v8h-6v-8H5v-6h8z" fill="currentColor" />
        </svg>
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 26 : 'lg'} c="var(--mantine-primary-color-9)">
        {name}
      </Text>
    </Group>
  );
}
