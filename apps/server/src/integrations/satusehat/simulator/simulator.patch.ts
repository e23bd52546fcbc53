import type { FhirResource } from 'fhir/r4';

/**
 * JSON Patch (RFC 6902) as the platform takes it on PATCH /{type}/{id}: `add`, `remove`,
 * `replace` and `test` on JSON Pointer paths (`/status`, `/statusHistory/-`). Answers the
 * patched copy, or why the patch cannot apply.
 */

interface Operation {
  op: string;
  path: string;
  value?: unknown;
}

type Container = Record<string, unknown> | unknown[];

function pointer(path: string): string[] | undefined {
  if (!path.startsWith('/')) return undefined;
  return path
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function applyPatch(resource: FhirResource, body: string): FhirResource | string {
  let operations: unknown;
  try {
    operations = JSON.parse(body);
  } catch {
    return 'The patch is not JSON';
  }
  if (!Array.isArray(operations)) return 'The patch must be a JSON Patch array';
  const copy = structuredClone(resource) as unknown as Record<string, unknown>;
  for (const [index, operation] of (operations as Operation[]).entries()) {
    const failure = applyOne(copy, operation);
    if (failure) return `Patch operation ${index}: ${failure}`;
  }
  return copy as unknown as FhirResource;
}

function applyOne(root: Record<string, unknown>, { op, path, value }: Operation): string | undefined {
  const tokens = typeof path === 'string' ? pointer(path) : undefined;
  if (!tokens || tokens.length === 0 || tokens[0] === '') return `invalid path ${path}`;
  if (['resourceType', 'id'].includes(tokens[0])) return `${tokens[0]} cannot be patched`;
  let parent: unknown = root;
  for (const token of tokens.slice(0, -1)) {
    parent = (parent as Record<string, unknown> | undefined)?.[token];
    if (!parent || typeof parent !== 'object') return `no element at ${path}`;
  }
  const container = parent as Container;
  const last = tokens[tokens.length - 1];
  const isArray = Array.isArray(container);
  const at = isArray && last !== '-' ? Number(last) : -1;
  if (isArray && last !== '-' && (!Number.isInteger(at) || at < 0 || at > container.length)) {
    return `index out of range at ${path}`;
  }
  const exists = isArray ? at >= 0 && at < container.length : last in container;
  switch (op) {
    case 'add':
      if (!isArray) (container as Record<string, unknown>)[last] = value;
      else if (last === '-') container.push(value);
      else container.splice(at, 0, value);
      return undefined;
    case 'replace':
    case 'remove':
      if (!exists) return `no element at ${path}`;
      if (op === 'replace') {
        if (isArray) container[at] = value;
        else (container as Record<string, unknown>)[last] = value;
      } else if (isArray) container.splice(at, 1);
      else delete (container as Record<string, unknown>)[last];
      return undefined;
    case 'test': {
      const current = isArray ? container[at] : (container as Record<string, unknown>)[last];
      return JSON.stringify(current) === JSON.stringify(value) ? undefined : `test failed at ${path}`;
    }
    default:
      return `unsupported op ${op}`;
  }
}
