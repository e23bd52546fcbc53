import { ROLES } from '@klinikita/domain/access/roles';
import type {
  PortalUser,
  PortalUserActiveInput,
  PortalUserCreateInput,
} from '@klinikita/domain/partner-companies/portal-users.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import { endSessions } from '../auth/auth.service.ts';
import { assertUsernameFree, guardUnique } from '../employees/employees.service.ts';
import { corporateRole } from '../roles/roles.service.ts';
import { refuse, scopedCompany } from './partner-companies.scope.ts';
import {
  companyUser,
  companyUsers,
  insertPortalUser,
  type PortalUserRow,
  setUserActive,
} from './portal-users.queries.ts';

/**
 * A partner company's portal accounts (issue 20 §8): logins with the corporate's `Perusahaan` role
 * whose `company_id` is the company, so the portal shows that company only. Username and password
 * follow the staff accounts' rules (a taken username is 409 with the staff message); the clinic
 * chose the password, so the HR user picks their own at the first login. Deactivating ends the
 * account's sessions. Audited.
 */

const toPortalUser = (r: PortalUserRow): PortalUser => ({
  uid: r.uid,
  username: r.username,
  name: r.name,
  active: r.active,
});

const audit = (
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  entityId: string,
  detail: object,
) =>
  writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: null,
    action,
    entity: 'user',
    entityId,
    ip,
    detail,
  });

export async function listPortalUsers(db: Db, session: AuthSession, companyUid: string) {
  const { company } = await scopedCompany(db, session, companyUid);
  return (await companyUsers(db, session.corpId, company.id)).map(toPortalUser);
}

export async function addPortalUser(
  db: Db,
  session: AuthSession,
  companyUid: string,
  input: PortalUserCreateInput,
  ip: string,
): Promise<PortalUser> {
  const { company } = await scopedCompany(db, session, companyUid);
  const role = await corporateRole(db, session.corpId, { name: ROLES.companyHr });
  if (!role) throw refuse(400, 'portalRoleMissing', { role: ROLES.companyHr });
  await assertUsernameFree(db, input.username);
  const passwordHash = await hashPassword(input.password);
  const row = await guardUnique(() =>
    db.transaction(async (tx) => {
      const created = await insertPortalUser(tx, {
        uid: newUid(),
        username: input.username,
        passwordHash,
        name: input.name,
        roleId: role.id,
        corpId: session.corpId,
        clinicId: null,
        companyId: company.id,
        // the clinic chose this password: the HR user picks their own at the first login
        mustChangePassword: true,
      });
      await audit(tx, session, ip, 'companyPortalUser.create', created.uid, {
        companyUid: company.uid,
        companyName: company.name,
        username: created.username,
        name: created.name,
      });
      return created;
    }),
  );
  return toPortalUser(row);
}

export async function setPortalUserActive(
  db: Db,
  session: AuthSession,
  companyUid: string,
  userUid: string,
  input: PortalUserActiveInput,
  ip: string,
): Promise<PortalUser> {
  const { company } = await scopedCompany(db, session, companyUid);
  const user = await companyUser(db, session.corpId, company.id, userUid);
  if (!user) throw refuse(404, 'portalUserNotFound');
  const row = await db.transaction(async (tx) => {
    const updated = await setUserActive(tx, user.id, input.active);
    if (!input.active) await endSessions(tx, user.id);
    await audit(
      tx,
      session,
      ip,
      input.active ? 'companyPortalUser.activate' : 'companyPortalUser.deactivate',
      user.uid,
      {
        companyUid: company.uid,
        username: user.username,
        active: input.active,
      },
    );
    return updated;
  });
  return toPortalUser(row);
}
