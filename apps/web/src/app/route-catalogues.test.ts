import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { coreId } from '@klinikita/domain/i18n/core.id';
import { id } from '@klinikita/domain/i18n/id';
import { describe, expect, it } from 'vitest';

/**
 * The words a screen shows must arrive with it: every lazily loaded module names, in its
 * `withCatalogues([...], () => import(...))`, each catalogue section that its code (and the domain
 * schemas it uses, whose messages are keys) names. The first screen carries only the shell's.
 */
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const domainSrc = path.resolve(webSrc, '../../../packages/domain/src');
const SHELL = new Set([...Object.keys(coreId), 'web']);
// the files that split the app into lazily loaded screens
const SPLIT_POINTS = [
  'app/router.tsx',
  'app/routes/operations-pages.ts',
  'app/routes/partner-pages.ts',
  'app/routes/mcu-pages.ts',
  'app/routes/cashier-pages.ts',
  'app/routes/payer-invoice-pages.ts',
  'app/routes/transaction-report-pages.ts',
  'app/routes/accounting-pages.ts',
  'app/routes/insurer-pages.ts',
  'app/routes/setting-pages.ts',
  'app/routes/dashboard-pages.ts',
  'app/route-guard.tsx',
  'app/layouts/shell-layout.tsx',
  'app/routes/invoice-list-pages.ts',
  'app/routes/mcu-portal-pages.ts',
  'shared/billing/document-modals.tsx',
].map((f) => path.join(webSrc, f));

const keys = new Set<string>();
const collectKeys = (node: object, prefix: string) => {
  for (const [name, value] of Object.entries(node)) {
    keys.add(prefix + name);
    if (value && typeof value === 'object') collectKeys(value, `${prefix + name}.`);
  }
};
collectKeys(id, '');
const keyLike = new RegExp(`['"\`]((?:${Object.keys(id).join('|')})\\.[\\w.]*)`, 'g');

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@klinikita/domain/')
    ? path.join(domainSrc, spec.slice('@klinikita/domain/'.length))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base || base.includes(`${path.sep}i18n${path.sep}`)) return null;
  // styles and other assets hold no words
  return [base, `${base}.ts`, `${base}.tsx`].find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null;
}

/** The sections a module and everything it imports name (a split point's lazy imports excepted). */
function sectionsNamedBy(entry: string): Map<string, string> {
  const named = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, key] of source.matchAll(keyLike)) {
      const trimmed = key.replace(/\.$/, '');
      if (keys.has(trimmed)) named.set(trimmed.split('.')[0], `${path.relative(webSrc, file)}: ${trimmed}`);
    }
    const imports = source.matchAll(/^(?:import|export) (?!type )[^;]*?from '([^']+)'|import\('([^']+)'\)/gm);
    for (const [text, staticSpec, lazySpec] of imports) {
      if (lazySpec && SPLIT_POINTS.includes(file)) continue;
      const target = resolveImport(file, staticSpec ?? lazySpec);
      if (target && !text.startsWith('import type')) visit(target);
    }
  };
  visit(entry);
  return named;
}

/** Every lazy import of the split points, with the sections loaded with it. */
const lazyModules = SPLIT_POINTS.flatMap((file) => {
  const source = readFileSync(file, 'utf8');
  const lazy = [...source.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]);
  const declared = new Map(
    [...source.matchAll(/withCatalogues\(\s*\[([^\]]*)\],\s*\(\) => import\('([^']+)'\)/g)].map((m) => [
      m[2],
      [...m[1].matchAll(/'(\w+)'/g)].map((s) => s[1]),
    ]),
  );
  return lazy.map((spec) => ({
    module: path.relative(webSrc, path.resolve(path.dirname(file), spec)),
    file: path.resolve(path.dirname(file), spec),
    loads: new Set([...SHELL, ...(declared.get(spec) ?? [])]),
  }));
});

const missing = (named: Map<string, string>, loads: Set<string>) =>
  [...named].filter(([section]) => !loads.has(section)).map(([, where]) => where);

describe('catalogue sections of the lazily loaded screens', () => {
  it('finds the screens of the router', () => {
    expect(lazyModules.map((m) => m.module)).toContain('features/emr/pages/emr-search-page.tsx');
    expect(lazyModules.length).toBeGreaterThan(20);
  });

  it('keeps every feature section out of the first screen', () => {
    const entry = sectionsNamedBy(path.join(webSrc, 'main.tsx'));
    expect(missing(entry, SHELL)).toEqual([]);
    const login = lazyModules.find((m) => m.module === 'features/auth/pages/login-page.tsx');
    expect(login && missing(sectionsNamedBy(login.file), SHELL)).toEqual([]);
  });

  it.each(lazyModules)('$module loads the sections it names', ({ file, loads }) => {
    expect(missing(sectionsNamedBy(file), loads)).toEqual([]);
  });
});
