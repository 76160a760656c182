import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

/**
 * Feature boundaries (bulletproof-react): a file of features/<A>/ reaches another feature <B> only
 * through its public API, features/<B>/index.ts (`from '../../<B>'`), never a file inside it.
 * What several features share and no feature owns lives in components/, hooks/ or lib/. ESLint's
 * reelsmith/boundaries rule (scripts/lint/rules.mjs) refuses the deep imports; these tests
 * keep the public APIs light and free of load-order cycles.
 */

const SRC = resolve(__dirname, '..');
const FEATURES = join(SRC, 'features');
const EXTENSIONS = ['.ts', '.tsx'];

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });

/** `runtime`: the import runs with the module (not erased as types only, not an `import()`). */
type Import = { specifier: string; runtime: boolean };

/** The module specifiers of a file: imports, re-exports and `import()`. */
function importsOf(path: string): Import[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      let typeOnly: boolean;
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named?.length && named.every((e) => e.isTypeOnly)));
      } else {
        const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
        typeOnly = node.isTypeOnly || (!!named?.length && named.every((e) => e.isTypeOnly));
      }
      found.push({ specifier: node.moduleSpecifier.text, runtime: !typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, runtime: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a specifier names, or undefined for a package. `@/x` is src/x (were an alias added). */
function target(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? join(SRC, specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : undefined;
  if (base === undefined) return undefined;
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, 'index' + ext))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

/** `videos` for a path in features/videos/, else undefined. */
function featureOf(path: string): string | undefined {
  const rel = relative(FEATURES, path);
  if (rel.startsWith('..') || !rel.includes(sep)) return undefined;
  return rel.split(sep)[0];
}

const isPublicApi = (path: string, feature: string) => EXTENSIONS.some((ext) => path === join(FEATURES, feature, 'index' + ext));

describe('feature boundaries', () => {
  it('keeps the lazily loaded route pages out of the features’ public APIs', () => {
    // app/router.tsx loads each page with import(): a barrel that re-exported one would pull the
    // page into the chunk of every feature that imports the barrel.
    const router = join(SRC, 'app', 'router.tsx');
    const pages = new Set(
      importsOf(router)
        .map(({ specifier }) => target(router, specifier))
        .filter((t) => t !== undefined && featureOf(t) !== undefined),
    );
    const leaks = files(FEATURES)
      .filter((file) => isPublicApi(file, featureOf(file) ?? ''))
      .flatMap((index) =>
        importsOf(index)
          .filter(({ specifier }) => pages.has(target(index, specifier)))
          .map(({ specifier }) => `${relative(SRC, index)} -> ${specifier}`),
      );
    expect(pages.size).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  });

  it('has no cycle of runtime imports through a feature’s index.ts (a module would run before what it uses)', () => {
    const graph = new Map<string, string[]>();
    for (const file of files(SRC).filter((f) => !/\.spec\.tsx?$/.test(f))) {
      graph.set(
        file,
        importsOf(file)
          .filter(({ runtime }) => runtime)
          .flatMap(({ specifier }) => target(file, specifier) ?? []),
      );
    }
    const cycles = [...graph.keys()]
      .filter((file) => isPublicApi(file, featureOf(file) ?? ''))
      .map((index) => cycleFrom(graph, index))
      .filter((cycle) => cycle !== undefined)
      .map((cycle) => cycle.map((f) => relative(SRC, f)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});

/** A chain of imports from `start` back to itself, if there is one. */
function cycleFrom(graph: Map<string, string[]>, start: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, path: string[]): string[] | undefined => {
    for (const next of graph.get(file) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}
