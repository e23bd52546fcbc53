import type { TemplateContent } from '@klinikita/domain/consultations/template.schema';
import { asc, eq, sql } from 'drizzle-orm';
import { encounterTemplates } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

export async function templatesOf(db: Executor, userId: number) {
  return db
    .select()
    .from(encounterTemplates)
    .where(eq(encounterTemplates.userId, userId))
    .orderBy(asc(sql`lower(${encounterTemplates.name})`));
}

export async function findTemplate(db: Executor, uid: string) {
  const [row] = await db.select().from(encounterTemplates).where(eq(encounterTemplates.uid, uid));
  return row ?? null;
}

export async function insertTemplate(
  db: Executor,
  values: { uid: string; corpId: number; userId: number; name: string; content: TemplateContent },
) {
  const [row] = await db.insert(encounterTemplates).values(values).returning();
  return row;
}

export async function updateTemplate(db: Executor, id: number, name: string, content: TemplateContent) {
  const [row] = await db
    .update(encounterTemplates)
    .set({ name, content, updatedAt: sql`now()` })
    .where(eq(encounterTemplates.id, id))
    .returning();
  return row;
}

export async function deleteTemplate(db: Executor, id: number) {
  await db.delete(encounterTemplates).where(eq(encounterTemplates.id, id));
}
