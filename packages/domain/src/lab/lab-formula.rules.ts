import type { ResultType } from './lab-catalogue.rules.ts';

/**
 * Calculated lab parameters. A formula holds parameter codes, numbers, + - * / and parentheses,
 * with an optional condition after `if` (comparisons joined by `and`) under which the value
 * exists at all:
 *   CHOL - HDL - TG / 5 if TG < 400      (LDL by Friedewald, mg/dL: no value when TG >= 400)
 * It is read by a small recursive-descent parser (never `eval`) and computed from the results
 * of its test's other parameters.
 */

type Node =
  | { kind: 'num'; value: number }
  | { kind: 'ref'; code: string }
  | { kind: 'neg'; operand: Node }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/'; left: Node; right: Node };
type Comparison = { op: '<' | '<=' | '>' | '>='; left: Node; right: Node };
export interface Formula {
  expression: Node;
  conditions: Comparison[];
  /** The parameter codes it reads, upper case, each once. */
  codes: string[];
}

type Token = { type: 'num' | 'id' | 'op'; text: string; at: number };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?|\.\d+)|([A-Za-z_][A-Za-z0-9_]*)|(<=|>=|[-+*/()<>]))/y;

function tokenize(source: string): Token[] | { at: number } {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const start = TOKEN.lastIndex;
    if (/^\s*$/.test(source.slice(start))) break;
    const m = TOKEN.exec(source);
    if (!m) return { at: start + (source.slice(start).length - source.slice(start).trimStart().length) + 1 };
    const at = m.index + m[0].length - (m[1] ?? m[2] ?? m[3]).length + 1;
    if (m[1] !== undefined) tokens.push({ type: 'num', text: m[1], at });
    else if (m[2] !== undefined) tokens.push({ type: 'id', text: m[2], at });
    else tokens.push({ type: 'op', text: m[3], at });
  }
  return tokens;
}

class FormulaSyntaxError extends Error {
  constructor(readonly at: number) {
    super('formula syntax');
  }
}

/**
 * Reads a formula; `{ error, at }` (1-based character position) when it cannot be read. The
 * grammar: formula = sum ['if' comparison {'and' comparison}]; sum = product {(+|-) product};
 * product = factor {(*|/) factor}; factor = number | code | '-' factor | '(' sum ')'.
 */
export function parseFormula(source: string): Formula | { error: 'labCatalogue.formulaSyntax'; at: number } {
  const tokens = tokenize(source);
  if (!Array.isArray(tokens)) return { error: 'labCatalogue.formulaSyntax', at: tokens.at };
  let pos = 0;
  const codes = new Set<string>();
  const peek = () => tokens[pos];
  const end = () => (tokens.at(-1)?.at ?? 0) + (tokens.at(-1)?.text.length ?? 0);
  const fail = (): never => {
    throw new FormulaSyntaxError(peek()?.at ?? end());
  };
  const isKeyword = (t: Token | undefined, word: string) => t?.type === 'id' && t.text.toLowerCase() === word;
  const takeOp = (...ops: string[]) => {
    const t = peek();
    if (t?.type === 'op' && ops.includes(t.text)) {
      pos++;
      return t.text;
    }
    return null;
  };
  const factor = (): Node => {
    const t = peek();
    if (!t) return fail();
    if (takeOp('-')) return { kind: 'neg', operand: factor() };
    if (takeOp('(')) {
      const inner = sum();
      if (!takeOp(')')) fail();
      return inner;
    }
    if (t.type === 'num') {
      pos++;
      return { kind: 'num', value: Number(t.text) };
    }
    if (t.type === 'id' && !isKeyword(t, 'if') && !isKeyword(t, 'and')) {
      pos++;
      const code = t.text.toUpperCase();
      codes.add(code);
      return { kind: 'ref', code };
    }
    return fail();
  };
  const product = (): Node => {
    let left = factor();
    for (let op = takeOp('*', '/'); op; op = takeOp('*', '/')) {
      left = { kind: 'bin', op: op as '*' | '/', left, right: factor() };
    }
    return left;
  };
  const sum = (): Node => {
    let left = product();
    for (let op = takeOp('+', '-'); op; op = takeOp('+', '-')) {
      left = { kind: 'bin', op: op as '+' | '-', left, right: product() };
    }
    return left;
  };
  try {
    const expression = sum();
    const conditions: Comparison[] = [];
    if (isKeyword(peek(), 'if')) {
      do {
        pos++;
        const left = sum();
        const op = takeOp('<', '<=', '>', '>=') as Comparison['op'] | null;
        if (!op) fail();
        conditions.push({ op: op as Comparison['op'], left, right: sum() });
      } while (isKeyword(peek(), 'and'));
    }
    if (pos < tokens.length) fail();
    return { expression, conditions, codes: [...codes] };
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return { error: 'labCatalogue.formulaSyntax', at: error.at };
    throw error;
  }
}

type Values = Readonly<Record<string, number | null | undefined>>;

function evaluate(node: Node, values: Values): number | null {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'ref': {
      const v = values[node.code];
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    }
    case 'neg': {
      const v = evaluate(node.operand, values);
      return v === null ? null : -v;
    }
    case 'bin': {
      const a = evaluate(node.left, values);
      const b = evaluate(node.right, values);
      if (a === null || b === null) return null;
      if (node.op === '/') return b === 0 ? null : a / b;
      return node.op === '+' ? a + b : node.op === '-' ? a - b : a * b;
    }
  }
}

const COMPARE = {
  '<': (a: number, b: number) => a < b,
  '<=': (a: number, b: number) => a <= b,
  '>': (a: number, b: number) => a > b,
  '>=': (a: number, b: number) => a >= b,
};

/**
 * The value of a formula from the results by code (upper case); null when a result it reads is
 * missing, a division by zero, or its condition does not hold (Friedewald with TG ≥ 400).
 */
export function calculate(formula: Formula, values: Values): number | null {
  for (const c of formula.conditions) {
    const a = evaluate(c.left, values);
    const b = evaluate(c.right, values);
    if (a === null || b === null || !COMPARE[c.op](a, b)) return null;
  }
  return evaluate(formula.expression, values);
}

/** A value rounded to the parameter's decimals (half away from zero, as a lab report reads). */
export function roundTo(value: number, decimals: number): number {
  // shifting by the exponent keeps 1.005 at 1.005 (times 100 it would be 100.49999…)
  const shifted = Math.round(Number(`${Math.abs(value)}e${decimals}`));
  return Math.sign(value) * Number(`${shifted}e-${decimals}`);
}

/** The parameters of one test as formulas see them. */
export interface FormulaSibling {
  code: string;
  resultType: ResultType;
  formula: string | null;
  active: boolean;
}

/**
 * What is wrong with a calculated parameter's formula within its test, or null: it must read,
 * refer only to other active number parameters of the same test, and not come back to itself
 * through another calculated parameter. `params` name the code at fault.
 */
export function formulaIssue(
  code: string,
  source: string,
  siblings: readonly FormulaSibling[],
): { key: string; params: Record<string, string | number> } | null {
  const parsed = parseFormula(source);
  if ('error' in parsed) return { key: parsed.error, params: { at: parsed.at } };
  const own = code.toUpperCase();
  const byCode = new Map(siblings.map((s) => [s.code.toUpperCase(), s]));
  for (const ref of parsed.codes) {
    if (ref === own) return { key: 'labCatalogue.formulaSelf', params: { code: ref } };
    const sibling = byCode.get(ref);
    if (!sibling?.active) return { key: 'labCatalogue.formulaUnknownCode', params: { code: ref } };
    if (sibling.resultType !== 'number')
      return { key: 'labCatalogue.formulaNotNumber', params: { code: ref } };
  }
  // a cycle runs through the other calculated parameters back to this one
  const seen = new Set<string>();
  const reaches = (from: string): boolean => {
    if (seen.has(from)) return false;
    seen.add(from);
    const f = byCode.get(from)?.formula;
    if (!f) return false;
    const p = parseFormula(f);
    return 'codes' in p && p.codes.some((c) => c === own || reaches(c));
  };
  const cycle = parsed.codes.find((c) => reaches(c));
  return cycle ? { key: 'labCatalogue.formulaCycle', params: { code: cycle } } : null;
}

/** The codes of the test's calculated parameters that read `code` (to keep it active and named). */
export function formulasReading(code: string, siblings: readonly FormulaSibling[]): string[] {
  const target = code.toUpperCase();
  return siblings
    .filter((s) => s.active && s.formula && s.code.toUpperCase() !== target)
    .filter((s) => {
      const p = parseFormula(s.formula!);
      return 'codes' in p && p.codes.includes(target);
    })
    .map((s) => s.code);
}
