import { Card, Group, Kbd, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One part of the note. `shortcut` is the Alt+number that jumps here; `sectionId` is the anchor
 * the jump scrolls to and whose first field it focuses.
 */
export function SectionCard({
  sectionId,
  title,
  shortcut,
  aside,
  children,
}: {
  sectionId: string;
  title: string;
  shortcut?: number;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      id={sectionId}
      padding="sm"
      component="section"
      aria-labelledby={`${sectionId}-title`}
      // clear of the header and the sticky save bar; search dropdowns may hang below the card
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 90px)', overflow: 'visible' }}
    >
      <Group justify="space-between" gap="xs" mb={8} wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <Title order={3} size="h5" id={`${sectionId}-title`}>
            {title}
          </Title>
          {shortcut !== undefined && (
            <Text component="span" size="xs" c="dimmed" aria-hidden>
              <Kbd size="xs">Alt+{shortcut}</Kbd>
            </Text>
          )}
        </Group>
        {aside}
      </Group>
      {children}
    </Card>
  );
}
