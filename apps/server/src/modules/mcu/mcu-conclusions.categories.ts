import type { Executor } from '../../shared/sql.ts';
import { companyCategories, corporateCategories } from './mcu-exam.queries.ts';

/** A conclusion category as the doctor picks it. */
export interface Category {
  code: string;
  label: string;
  fit: boolean;
}

/** The corporate's default list counts its FIT codes as fit to work (FIT, FIT_NOTE …). */
const fitCode = (code: string) => /^FIT/i.test(code);

/**
 * The conclusion categories of a company: its own list, else the corporate's `mcuConclusion`
 * code list (default: fit to work, fit with medical note, temporarily unfit, unfit).
 */
export async function categoriesFor(
  db: Executor,
  corpId: number,
  companyId: number,
): Promise<Category[] & { source?: 'company' | 'corporate' }> {
  const own = await companyCategories(db, companyId);
  if (own.length) return Object.assign(own, { source: 'company' as const });
  const list = (await corporateCategories(db, corpId)).map((c) => ({
    code: c.code,
    label: c.nameId,
    fit: fitCode(c.code),
  }));
  return Object.assign(list, { source: 'corporate' as const });
}
