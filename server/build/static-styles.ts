import { fileURLToPath, pathToFileURL } from 'node:url';
import MagicString, { type SourceMap } from 'magic-string';
import { type Plugin, parseAst } from 'vite';

/**
 * Panda's `css()` and recipe calls worked out at build time (issue 20 items 3 and 4, decision 094).
 *
 * Panda writes its CSS ahead of time, but `css({...})` still runs in the browser to turn the object
 * into class names: its runtime (about 5 kB gzipped) ships with every route, and every render calls it
 * again. Nearly every call is a literal, so the build calls the same generated function (from
 * `styled-system/`, in Node) and writes its answer in place of the call: `css({ p: '4' })` becomes
 * `"p_4"`, `checkbox()` becomes its slots' class names. A call whose arguments are not literals stays
 * as it is, and so does the import while anything still uses it. The classes are the ones Panda's
 * own extraction found, so the stylesheet is unchanged.
 */

const STYLED_SYSTEM = /(^|[\\/])styled-system[\\/](css|recipes)(?:[\\/]index(?:\.mjs)?)?$/;

type Styler = (...args: unknown[]) => unknown;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** A literal argument's value, or `NOT_STATIC` when any part of it is computed at run time. */
const NOT_STATIC = Symbol('not static');

/**
 * One ternary may choose between two literals (`color: open ? 'accent' : 'fgMuted'`): `branch` says
 * which side to read, and `seen.test` keeps the one met.
 */
interface Choice {
  branch: 'consequent' | 'alternate';
  seen: { test?: Node };
}

function staticValue(node: Node, choice: Choice): unknown {
  switch (node.type) {
    case 'ConditionalExpression': {
      if (choice.seen.test && choice.seen.test !== node.test) return NOT_STATIC;
      choice.seen.test = node.test as Node;
      return staticValue(node[choice.branch] as Node, choice);
    }
    case 'Literal': {
      const value = node.value as unknown;
      return value instanceof RegExp || typeof value === 'bigint' ? NOT_STATIC : value;
    }
    case 'TemplateLiteral': {
      const quasis = node.quasis as { value: { cooked: string } }[];
      return (node.expressions as Node[]).length === 0
        ? quasis.map((q) => q.value.cooked).join('')
        : NOT_STATIC;
    }
    case 'UnaryExpression': {
      const value = staticValue(node.argument as Node, choice);
      return node.operator === '-' && typeof value === 'number' ? -value : NOT_STATIC;
    }
    case 'ArrayExpression': {
      const values = (node.elements as (Node | null)[]).map((element) =>
        element && element.type !== 'SpreadElement' ? staticValue(element, choice) : NOT_STATIC,
      );
      return values.includes(NOT_STATIC) ? NOT_STATIC : values;
    }
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const property of node.properties as Node[]) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init') return NOT_STATIC;
        const key = property.key as Node;
        const name =
          key.type === 'Identifier'
            ? (key.name as string)
            : key.type === 'Literal'
              ? String(key.value)
              : null;
        const value = staticValue(property.value as Node, choice);
        if (name === null || value === NOT_STATIC) return NOT_STATIC;
        object[name] = value;
      }
      return object;
    }
    default:
      return NOT_STATIC;
  }
}

/** Every node under `node`, depth first. */
function* walk(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  const current = node as Node;
  if (typeof current.type === 'string') yield current;
  for (const [key, value] of Object.entries(current)) {
    if (key !== 'type' && value && typeof value === 'object') yield* walk(value);
  }
}

/** The local names a module imports from `styled-system/css` or `styled-system/recipes`. */
function styledImports(
  program: Node,
): Map<string, { declaration: Node; specifier: Node; imported: string; from: 'css' | 'recipes' }> {
  const found = new Map<
    string,
    { declaration: Node; specifier: Node; imported: string; from: 'css' | 'recipes' }
  >();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    const match = STYLED_SYSTEM.exec((statement.source as Node).value as string);
    if (!match) continue;
    for (const specifier of statement.specifiers as Node[]) {
      if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
      const imported = specifier.imported as Node;
      found.set((specifier.local as Node).name as string, {
        declaration: statement,
        specifier,
        imported: (imported.name ?? imported.value) as string,
        from: match[2] as 'css' | 'recipes',
      });
    }
  }
  return found;
}

/** How many times `name` is read in `program` (references, not the import binding or property keys). */
function references(program: Node, name: string): number {
  let count = 0;
  const statements = (program.body as Node[]).filter((statement) => statement.type !== 'ImportDeclaration');
  for (const node of walk(statements)) {
    if (node.type === 'MemberExpression' && !node.computed && (node.property as Node).name === name)
      count -= 1;
    if (node.type === 'Property' && !node.computed && (node.key as Node).name === name && !node.shorthand)
      count -= 1;
    if (node.type === 'Identifier' && node.name === name) count += 1;
    // `<button>` names an element, not the `button` recipe; `<Button>` would name a binding.
    if (node.type === 'JSXIdentifier' && node.name === name && /^[A-Z]/.test(name)) count += 1;
  }
  return count;
}

/** The result of one module's pass, for the build's summary. */
export interface StaticStylesResult {
  code: string;
  map: SourceMap;
  replaced: number;
  /** Calls left to the runtime (arguments not literal). */
  kept: number;
}

/**
 * Replaces the literal `css()` and recipe calls of `code` with their class names; `stylers` are
 * the generated functions by module (`css`, `recipes`). Returns null when nothing changed.
 */
export function inlineStaticStyles(
  code: string,
  lang: 'ts' | 'tsx' | 'js' | 'jsx',
  stylers: { css: Record<string, unknown>; recipes: Record<string, unknown> },
): StaticStylesResult | null {
  if (!code.includes('styled-system')) return null;
  const program = parseAst(code, { lang }) as unknown as Node;
  const imports = styledImports(program);
  if (imports.size === 0) return null;
  const edits: { start: number; end: number; text: string }[] = [];
  let kept = 0;
  for (const node of walk(program)) {
    if (node.type !== 'CallExpression') continue;
    const callee = node.callee as Node;
    const binding = callee.type === 'Identifier' ? imports.get(callee.name as string) : undefined;
    if (!binding) continue;
    const styler = stylers[binding.from][binding.imported];
    const seen: Choice['seen'] = {};
    const args = (node.arguments as Node[]).map((arg) => staticValue(arg, { branch: 'consequent', seen }));
    const otherwise = seen.test
      ? (node.arguments as Node[]).map((arg) => staticValue(arg, { branch: 'alternate', seen }))
      : [];
    if (typeof styler !== 'function' || args.includes(NOT_STATIC) || otherwise.includes(NOT_STATIC)) {
      kept += 1;
      continue;
    }
    const call = (values: unknown[]) => JSON.stringify((styler as Styler)(...values));
    const text = seen.test
      ? `((${code.slice(seen.test.start, seen.test.end)}) ? ${call(args)} : ${call(otherwise)})`
      : call(args);
    edits.push({ start: node.start, end: node.end, text });
  }
  if (edits.length === 0) return null;
  const output = new MagicString(code);
  for (const edit of edits) output.overwrite(edit.start, edit.end, edit.text);
  const next = output.toString();
  // Imports nothing reads any more are dropped: `styled-system/css` runs code when imported, so an
  // unused import would still keep the runtime in the bundle.
  const after = parseAst(next, { lang }) as unknown as Node;
  const unused = new Set(
    [...styledImports(after).entries()]
      .filter(([name]) => references(after, name) === 0)
      .map(([name]) => name),
  );
  // An import before the first call has the same offsets in `code` (one after it is left alone).
  const firstEdit = Math.min(...edits.map((edit) => edit.start));
  for (const statement of after.body as Node[]) {
    if (
      statement.type !== 'ImportDeclaration' ||
      !STYLED_SYSTEM.test((statement.source as Node).value as string)
    )
      continue;
    if (statement.end > firstEdit) continue;
    const specifiers = statement.specifiers as Node[];
    const keep = specifiers.filter((specifier) => !unused.has((specifier.local as Node).name as string));
    if (keep.length === specifiers.length) continue;
    const source = JSON.stringify((statement.source as Node).value);
    const text =
      keep.length === 0
        ? ''
        : `import { ${keep.map((s) => next.slice(s.start, s.end)).join(', ')} } from ${source};`;
    if (text === '') output.remove(statement.start, statement.end);
    else output.overwrite(statement.start, statement.end, text);
  }
  return {
    code: output.toString(),
    map: output.generateMap({ hires: true }),
    replaced: edits.length,
    kept,
  };
}

/** The Vite plugin: production builds only (in development Panda's runtime answers the same). */
export function staticStyles(options: { root: string }): Plugin {
  let stylers: { css: Record<string, unknown>; recipes: Record<string, unknown> } | null = null;
  const totals = { replaced: 0, kept: 0 };
  return {
    name: 'forecourt:static-styles',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const base = pathToFileURL(`${options.root}/styled-system/`);
      const [css, recipes] = await Promise.all([
        import(new URL('css/index.mjs', base).href) as Promise<Record<string, unknown>>,
        import(new URL('recipes/index.mjs', base).href) as Promise<Record<string, unknown>>,
      ]);
      stylers = { css, recipes };
      totals.replaced = 0;
      totals.kept = 0;
    },
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      const lang = /\.(tsx?|jsx?)$/.exec(path)?.[1] as 'ts' | 'tsx' | 'js' | 'jsx' | undefined;
      if (!lang || path.includes('node_modules') || path.includes('styled-system') || !stylers) return null;
      const result = inlineStaticStyles(code, lang, stylers);
      if (!result) return null;
      totals.replaced += result.replaced;
      totals.kept += result.kept;
      return { code: result.code, map: result.map };
    },
    buildEnd() {
      this.info(`static styles: ${totals.replaced} calls inlined, ${totals.kept} left to the runtime`);
    },
  };
}

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
