import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the code (DESIGN 1, docs/architecture.md), checked on every `npm test` by reading
 * the import statements of every source file. A failure names the file and the import.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const DOMAIN = 'packages/domain/src';
const MAX_LINES = 400;

/**
 * Known exceptions, each with its reason; the test fails when one is no longer needed, so the
 * lists only shrink.
 */
const KNOWN_FEATURE_IMPORTS: Record<string, string> = {};
/** Files over the limit, with the most lines they may keep until they are split. */
const KNOWN_LONG_FILES: Record<string, number> = {};

const RULES = [
  "module-queries: a server module (or db/) imports no other module's *.queries.ts; another module is reached through its service",
  'service-sql: a *.service.ts runs no SQL itself (no drizzle-orm or db/schema import, no db/tx .select/.insert/.update/.delete/.execute)',
  'web-features: a web feature (apps/web/src/features/<a>) imports no other feature; shared/ imports no feature and no app/ file',
  'db-modules: apps/server/src/db (schema, migrations, seeds) imports no server module',
  'layers: packages/domain imports no app; the web imports no server file and the server no web file',
  `cycles: no import cycle among the production files of the server, of the web or of the domain`,
  `size: no production source file (apps/*/src, packages/*/src, tests aside) over ${MAX_LINES} lines`,
];

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/test/');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(ROOT, rel))) {
      if (name === 'node_modules') continue;
      const child = `${rel}/${name}`;
      if (statSync(path.join(ROOT, child)).isDirectory()) walk(child);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The specifiers a file imports (static, re-exports, side-effect and dynamic imports). */
function specifiersOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(IMPORT), ...code.matchAll(DYNAMIC_IMPORT)].map((m) => m[1] as string);
}

/** A repository-relative path for a relative or workspace import, or the bare package name. */
function resolve(from: string, specifier: string): string {
  let target: string;
  if (specifier.startsWith('.'))
    target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else if (specifier.startsWith('@klinikita/domain/'))
    target = `${DOMAIN}/${specifier.slice('@klinikita/domain/'.length)}`;
  else return specifier;
  for (const candidate of [
    target,
    `${target}.ts`,
    `${target}.tsx`,
    `${target}/index.ts`,
    `${target}/index.tsx`,
  ]) {
    if (existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile())
      return candidate;
  }
  return target;
}

interface SourceFile {
  file: string;
  text: string;
  imports: { specifier: string; target: string }[];
}

const files: SourceFile[] = [SERVER, WEB, DOMAIN].flatMap(sourceFiles).map((file) => {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return {
    file,
    text,
    imports: specifiersOf(text).map((specifier) => ({ specifier, target: resolve(file, specifier) })),
  };
});

const moduleOf = (file: string) => file.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
const featureOf = (file: string) => file.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];

/** Every import of every file that breaks `broken`, as `file → specifier`. */
function offending(
  broken: (file: string, target: string, specifier: string) => boolean,
  only = (_: string) => true,
) {
  return files.flatMap(({ file, imports }) =>
    only(file)
      ? imports.filter((i) => broken(file, i.target, i.specifier)).map((i) => `${file} → ${i.specifier}`)
      : [],
  );
}

/** Strongly connected components (Tarjan) of more than one file, or one file importing itself. */
function cycles(scope: string): string[][] {
  const nodes = files.filter((f) => f.file.startsWith(`${scope}/`) && !isTest(f.file));
  const names = new Set(nodes.map((n) => n.file));
  const edges = new Map(
    nodes.map((n) => [n.file, [...new Set(n.imports.map((i) => i.target))].filter((t) => names.has(t))]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const n of names) if (!index.has(n)) visit(n);
  return found;
}

describe('architecture', () => {
  it('lists its rules', () => {
    console.info(`Architecture rules:\n${RULES.map((r) => `  - ${r}`).join('\n')}`);
    expect(files.length).toBeGreaterThan(100);
  });

  it('module-queries: a module imports only its own queries', () => {
    expect(
      offending(
        (file, target) => {
          const owner = moduleOf(target);
          return target.endsWith('.queries.ts') && owner !== undefined && owner !== moduleOf(file);
        },
        (file) => file.startsWith(`${SERVER}/modules/`) || file.startsWith(`${SERVER}/db/`),
      ),
    ).toEqual([]);
  });

  it('service-sql: a service runs no SQL itself', () => {
    const services = (file: string) => file.endsWith('.service.ts');
    const imports = offending(
      (_, target, specifier) =>
        specifier === 'drizzle-orm' ||
        specifier.startsWith('drizzle-orm/') ||
        target.startsWith(`${SERVER}/db/schema`),
      services,
    );
    const calls = files
      .filter((f) => services(f.file))
      .flatMap(({ file, text }) =>
        [
          ...text.matchAll(
            /\b(?:db|tx|trx|executor|transaction)\s*\.\s*(?:select\w*|insert|update|delete|execute)\s*\(/g,
          ),
        ].map((m) => `${file}: ${m[0]}`),
      );
    expect([...imports, ...calls]).toEqual([]);
  });

  it('web-features: a feature imports no other feature; shared/ imports neither features nor app/', () => {
    const found = [
      ...offending((file, target) => {
        const from = featureOf(file);
        const to = featureOf(target);
        return from !== undefined && to !== undefined && to !== from;
      }),
      ...offending(
        (_, target) => target.startsWith(`${WEB}/features/`) || target.startsWith(`${WEB}/app/`),
        (file) => file.startsWith(`${WEB}/shared/`) && !isTest(file),
      ),
    ];
    expect(found.filter((f) => !(f in KNOWN_FEATURE_IMPORTS))).toEqual([]);
    expect(Object.keys(KNOWN_FEATURE_IMPORTS).filter((k) => !found.includes(k))).toEqual([]);
  });

  it('db-modules: db/ imports no module', () => {
    expect(
      offending(
        (_, target) => target.startsWith(`${SERVER}/modules/`),
        (file) => file.startsWith(`${SERVER}/db/`),
      ),
    ).toEqual([]);
  });

  it('layers: domain ← server, domain ← web, never across', () => {
    expect([
      ...offending(
        (_, target) => target.startsWith('apps/'),
        (file) => file.startsWith(`${DOMAIN}/`),
      ),
      ...offending(
        (_, target) => target.startsWith(`${SERVER}/`),
        (file) => file.startsWith(`${WEB}/`),
      ),
      ...offending(
        (_, target) => target.startsWith(`${WEB}/`),
        (file) => file.startsWith(`${SERVER}/`),
      ),
    ]).toEqual([]);
  });

  it('cycles: no import cycle in the server, the web or the domain', () => {
    expect({ server: cycles(SERVER), web: cycles(WEB), domain: cycles(DOMAIN) }).toEqual({
      server: [],
      web: [],
      domain: [],
    });
  });

  it(`size: no production source file over ${MAX_LINES} lines`, () => {
    const long = files
      .filter((f) => !isTest(f.file))
      .map((f) => ({ file: f.file, lines: f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0) }))
      .filter((f) => f.lines > MAX_LINES);
    expect(
      long
        .filter((f) => f.lines > (KNOWN_LONG_FILES[f.file] ?? MAX_LINES))
        .map((f) => `${f.file}: ${f.lines} lines`),
    ).toEqual([]);
    expect(Object.keys(KNOWN_LONG_FILES).filter((k) => !long.some((f) => f.file === k))).toEqual([]);
  });
});
