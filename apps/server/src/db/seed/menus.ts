import { MENU_CATALOGUE, type MenuDefinition } from '@klinikita/domain/access/menu';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { menus } from '../schema/index.ts';

/**
 * Brings the menus table in line with the catalogue the code ships (upsert by code): the
 * catalogue is reference data that grows with each feature; role grants stay in role_menus.
 */
export async function syncMenuCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    let sort = 0;
    const visit = async (items: readonly MenuDefinition[], parentId: number | null, level: number) => {
      for (const item of items) {
        sort += 1;
        const values = {
          code: item.code,
          parentId,
          level,
          name: item.name,
          i18nKey: item.key,
          route: item.route,
          icon: item.icon ?? null,
          sort,
        };
        const [row] = await tx
          .insert(menus)
          .values(values)
          .onConflictDoUpdate({
            target: menus.code,
            set: {
              parentId: sql`excluded.parent_id`,
              level: sql`excluded.level`,
              name: sql`excluded.name`,
              i18nKey: sql`excluded.i18n_key`,
              route: sql`excluded.route`,
              icon: sql`excluded.icon`,
              sort: sql`excluded.sort`,
            },
          })
          .returning({ id: menus.id });
        if (item.children) await visit(item.children, row.id, level + 1);
      }
    };
    await visit(MENU_CATALOGUE, null, 1);
  });
}
