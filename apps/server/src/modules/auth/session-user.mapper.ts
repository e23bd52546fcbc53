import { passesRoleGuards } from '@klinikita/domain/access/guards';
import { type MenuAccess, type MenuItem, pruneUnbuilt } from '@klinikita/domain/access/menu';
import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import type { ClinicModules } from '../../db/schema/index.ts';
import type { GrantedMenu, SessionRow } from './auth.queries.ts';

const accessNode = (m: GrantedMenu) => ({
  enabled: m.enabled,
  status: m.enabled,
  menu: { _id: String(m.id), menu: { name: m.name, route: m.route } },
});

function descendants(all: GrantedMenu[], parentId: number): GrantedMenu[] {
  return all.filter((m) => m.parentId === parentId).flatMap((m) => [m, ...descendants(all, m.id)]);
}

/** `role.menu.access` of spec 3: each top-level grant with its granted descendants as `childs`. */
export function toMenuAccess(granted: GrantedMenu[]): MenuAccess[] {
  return granted
    .filter((m) => m.level === 1)
    .map((parent) => ({
      parent: accessNode(parent),
      childs: descendants(granted, parent.id).map(accessNode),
    }));
}

/** The sidebar tree (spec 2.3): granted nodes in catalogue order, routes not yet built left out. */
export function toMenuTree(granted: GrantedMenu[], role: string): MenuItem[] {
  const build = (parentId: number | null): MenuItem[] =>
    granted
      .filter((m) => m.parentId === parentId)
      .map((m) => ({
        code: m.code,
        name: m.name,
        key: m.key,
        route: m.route,
        icon: m.icon,
        enabled: m.enabled,
        children: build(m.id),
      }));
  return pruneGuarded(pruneUnbuilt(build(null)), role);
}

/** Leaves out entries the role guards would bounce (a Cashier granted the front office): no link leads to a refusal. */
function pruneGuarded(items: MenuItem[], role: string): MenuItem[] {
  return items.flatMap((item) => {
    if (item.route) return passesRoleGuards(role, item.route) ? [item] : [];
    const children = pruneGuarded(item.children, role);
    return children.length ? [{ ...item, children }] : [];
  });
}

export interface SessionContext {
  clinic: {
    id: number;
    uid: string;
    name: string;
    phoneNumber: string | null;
    timeZone: string;
    mcuSite: boolean;
    accountType: 'corporate' | 'klinik' | 'mandiri';
    statusSetup: string;
    modules: ClinicModules;
  } | null;
  corporate: { id: number; name: string } | null;
  company?: { id: number; name: string } | null;
  clinics: { id: number; uid: string; name: string; mcuSite: boolean; timeZone: string }[];
}

const ALL_MODULES: ClinicModules = {
  service: true,
  lab: true,
  pharmacy: true,
  payment: true,
  satusehat: true,
};

/** The session user of spec 3 as `GET users` and the login answer it. */
export function toSessionUser(row: SessionRow, ctx: SessionContext): SessionUser {
  return {
    _id: row.userUid,
    username: row.username,
    name: row.name,
    role: { _id: row.roleUid, role: row.roleName, menu: { access: toMenuAccess(row.menus) } },
    uidEmployee: row.employeeUid,
    DoctorId: row.doctorId,
    ClinicId: row.clinicId,
    corpId: row.corpId,
    companyId: row.companyId,
    imageUrl: row.imageUrl,
    accountType: ctx.clinic?.accountType ?? 'corporate',
    statusSetup: ctx.clinic?.statusSetup ?? 'done',
    dataClinic: ctx.clinic
      ? { name: ctx.clinic.name, uid: ctx.clinic.uid, phoneNumber: ctx.clinic.phoneNumber }
      : null,
    dataCorporate: ctx.corporate,
    dataCompany: ctx.company ?? null,
    dataModul: ctx.clinic?.modules ?? ALL_MODULES,
    menu: toMenuTree(row.menus, row.roleName),
    clinics: ctx.clinics,
    isMcuSite: ctx.clinic?.mcuSite ?? false,
    timeZone: ctx.clinic?.timeZone ?? 'Asia/Jakarta',
    demo: row.demo,
    mustChangePassword: row.mustChangePassword,
  };
}
