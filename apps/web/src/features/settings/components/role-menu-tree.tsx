import type { RoleMenuNode } from '@klinikita/domain/settings/roles.schema';
import { Badge, Box, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../shared/ui/menu-icons.tsx';

/** Codes of a node and everything under it. */
export const codesUnder = (node: RoleMenuNode): string[] => [node.code, ...node.children.flatMap(codesUnder)];

/** The codes the role has switched on. */
export const enabledCodes = (nodes: RoleMenuNode[]): Set<string> =>
  new Set(nodes.flatMap((n) => [...(n.granted && n.enabled ? [n.code] : []), ...enabledCodes(n.children)]));

/**
 * Ticking a group ticks everything under it; ticking an item keeps its groups on so the sidebar
 * can show it. Returns the new set.
 */
export function toggleNode(
  selected: Set<string>,
  node: RoleMenuNode,
  ancestors: string[],
  on: boolean,
): Set<string> {
  const next = new Set(selected);
  for (const code of codesUnder(node)) {
    if (on) next.add(code);
    else next.delete(code);
  }
  if (on) for (const code of ancestors) next.add(code);
  return next;
}

interface RoleMenuTreeProps {
  nodes: RoleMenuNode[];
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
  readOnly: boolean;
}

function NodeRow({
  node,
  ancestors,
  level,
  ...props
}: RoleMenuTreeProps & { node: RoleMenuNode; ancestors: string[]; level: number }) {
  const { t } = useTranslation();
  const under = node.children.length ? codesUnder(node).slice(1) : [];
  const someUnder = under.some((c) => props.selected.has(c));
  const allUnder = under.length > 0 && under.every((c) => props.selected.has(c));
  const checked = node.children.length
    ? props.selected.has(node.code) && allUnder
    : props.selected.has(node.code);
  const Icon = menuIcon({ ...node, enabled: true, children: [] });
  return (
    <>
      <Group gap="xs" pl={level * 24} py={4} wrap="nowrap">
        <Checkbox
          checked={checked}
          indeterminate={
            !checked && (someUnder || (node.children.length > 0 && props.selected.has(node.code)))
          }
          disabled={props.readOnly}
          onChange={(e) =>
            props.onChange(toggleNode(props.selected, node, ancestors, e.currentTarget.checked))
          }
          aria-label={t(node.key, { defaultValue: node.name })}
        />
        {level === 0 && <Icon size={16} stroke={1.6} />}
        <Text size="sm" fw={node.children.length ? 600 : 400}>
          {t(node.key, { defaultValue: node.name })}
        </Text>
        {node.route && (
          <Text size="xs" c="dimmed" ff="monospace">
            {node.route}
          </Text>
        )}
        {!node.built && (
          <Badge size="xs" variant="light" color="gray">
            {t('web.roles.comingSoon')}
          </Badge>
        )}
      </Group>
      {node.children.map((child) => (
        <NodeRow
          key={child.code}
          {...props}
          node={child}
          ancestors={[...ancestors, node.code]}
          level={level + 1}
        />
      ))}
    </>
  );
}

/** The menu catalogue on three levels with a tick for each item the role may open. */
export function RoleMenuTree(props: RoleMenuTreeProps) {
  return (
    <Stack gap={0}>
      {props.nodes.map((node) => (
        <Box key={node.code} py={2} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <NodeRow {...props} node={node} ancestors={[]} level={0} />
        </Box>
      ))}
    </Stack>
  );
}
