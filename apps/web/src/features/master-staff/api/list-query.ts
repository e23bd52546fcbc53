/** A paged list (spec 3: page, totalPages, limit, docs). */
export interface PagedList<T> {
  docs: T[];
  page: number;
  totalPages: number;
  limit: number;
  totalDocs: number;
}

/** List query values as the list calls send them: empty filters left out, flags as 'true'/'false'. */
export function toQuery(query: Record<string, string | number | boolean | undefined>) {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    out[key] = typeof value === 'boolean' ? String(value) : value;
  }
  return out;
}
