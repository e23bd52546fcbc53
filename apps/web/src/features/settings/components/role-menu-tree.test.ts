import type { RoleMenuNode } from '@klinikita/domain/settings/roles.schema';
import { describe, expect, it } from 'vitest';
import { enabledCodes, toggleNode } from './role-menu-tree.tsx';

const node = (
  code: string,
  children: RoleMenuNode[] = [],
  granted = false,
  enabled = false,
): RoleMenuNode => ({
  code,
  name: code,
  key: `menu.${code}`,
  route: children.length ? null : `/${code}`,
  icon: null,
  built: true,
  granted,
  enabled,
  children,
});

const layanan = node('services', [node('masterService'), node('service')]);
const master = node('masterData', [node('masterPatient'), layanan]);

describe('role menu ticks', () => {
  it('ticking a group ticks all three levels under it', () => {
    expect([...toggleNode(new Set(), master, [], true)].sort()).toEqual(
      ['masterData', 'masterPatient', 'masterService', 'service', 'services'].sort(),
    );
  });

  it('ticking an item keeps its groups on; unticking a group clears what is under it', () => {
    const on = toggleNode(new Set(), layanan.children[0], ['masterData', 'services'], true);
    expect([...on].sort()).toEqual(['masterData', 'masterService', 'services']);
    expect([...toggleNode(on, master, [], false)]).toEqual([]);
  });

  it('reads the enabled grants of a role', () => {
    const tree = [
      node('dashboard', [], true, true),
      node('setting', [node('roles', [], true, false)], true, true),
    ];
    expect([...enabledCodes(tree)]).toEqual(['dashboard', 'setting']);
  });
});
