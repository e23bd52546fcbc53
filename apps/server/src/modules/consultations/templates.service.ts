import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { newUid } from '../../shared/crypto.ts';
import { type Executor, isUniqueViolation } from '../../shared/sql.ts';
import { toTemplate } from './consultations.mapper.ts';
import { refuse } from './consultations.service.ts';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  templatesOf,
  updateTemplate,
} from './templates.queries.ts';

/** The doctor's own note templates. */

export async function listTemplates(db: Db, session: AuthSession) {
  return (await templatesOf(db, session.userId)).map(toTemplate);
}

async function ownTemplate(db: Executor, session: AuthSession, uid: string) {
  const row = await findTemplate(db, uid);
  if (!row || row.userId !== session.userId) throw refuse(404, 'templateNotFound');
  return row;
}

export async function saveTemplate(
  db: Db,
  session: AuthSession,
  input: { name: string; content: Parameters<typeof insertTemplate>[1]['content'] },
  uid?: string,
) {
  try {
    if (uid) {
      const row = await ownTemplate(db, session, uid);
      return toTemplate(await updateTemplate(db, row.id, input.name, input.content));
    }
    return toTemplate(
      await insertTemplate(db, {
        uid: newUid(),
        corpId: session.corpId,
        userId: session.userId,
        name: input.name,
        content: input.content,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(409, 'templateExists', { name: input.name });
    throw error;
  }
}

export async function removeTemplate(db: Db, session: AuthSession, uid: string) {
  const row = await ownTemplate(db, session, uid);
  await deleteTemplate(db, row.id);
}
