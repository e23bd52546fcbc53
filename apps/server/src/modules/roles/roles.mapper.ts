import type { RoleSummary } from '@klinikita/domain/settings/roles.schema';
import type { RoleCountsRow } from './roles.queries.ts';

export const toRoleSummary = (r: RoleCountsRow, editable: boolean): RoleSummary => ({
  _id: r.uid,
  role: r.name,
  description: r.description,
  builtIn: r.builtIn,
  editable,
  users: Number(r.users),
  menus: Number(r.menus),
});
