import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect } from 'chai';

/**
 * The dependency rule, checked mechanically: arrows point inwards only
 * (adapters → application → domain), and only entry points and tests import bootstrap/.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const sourceFiles = (folder: string): string[] =>
  readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));

interface Import {
  readonly file: string;
  readonly specifier: string;
  /** Top-level folder of a relative import's target, or null for packages. */
  readonly layer: string | null;
}

const importsOf = (file: string): Import[] => {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    const layer = specifier.startsWith('.')
      ? (relative(ROOT, resolve(dirname(join(ROOT, file)), specifier)).split(/[\\/]/)[0] ?? null)
      : null;
    return { file, specifier, layer };
  });
};

const PURE_PACKAGES = /^(fp-ts|io-ts)(\/|$)/;

const violations = (files: string[], allowedLayers: readonly string[], packageRule: RegExp | null) =>
  files
    .flatMap(importsOf)
    .filter((i) =>
      i.layer === null
        ? packageRule !== null && !packageRule.test(i.specifier)
        : !allowedLayers.includes(i.layer),
    )
    .map((i) => `${i.file} imports ${i.specifier}`);

describe('architecture: the dependency rule', () => {
  it('domain/ imports only domain/, fp-ts and io-ts', () => {
    expect(violations(sourceFiles('domain'), ['domain'], PURE_PACKAGES)).to.deep.equal([]);
  });

  it('application/ imports only application/, domain/, fp-ts and io-ts (no fastify, MikroORM, tsyringe or node:*)', () => {
    expect(violations(sourceFiles('application'), ['application', 'domain'], PURE_PACKAGES)).to.deep.equal(
      [],
    );
  });

  it('adapters/ never import bootstrap/ or tests', () => {
    expect(violations(sourceFiles('adapters'), ['adapters', 'application', 'domain'], null)).to.deep.equal(
      [],
    );
  });

  it('the rule itself sees imports (guards against a silently broken check)', () => {
    const seen = sourceFiles('application').flatMap(importsOf);
    expect(seen.some((i) => i.layer === 'domain')).to.equal(true);
    expect(seen.some((i) => i.specifier.startsWith('fp-ts'))).to.equal(true);
  });
});

/** Each file's relative imports, as paths of source files. */
const importGraph = (files: readonly string[]): ReadonlyMap<string, readonly string[]> =>
  new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .filter((i) => i.layer !== null)
        .map((i) => relative(ROOT, resolve(dirname(join(ROOT, file)), i.specifier)).replace(/\.js$/, '.ts')),
    ]),
  );

/** The first cycle in `edges` (a path that ends where it began), or null. */
const firstCycle = (edges: ReadonlyMap<string, readonly string[]>): string[] | null => {
  const done = new Set<string>();
  const walk = (file: string, path: string[]): string[] | null => {
    const seenAt = path.indexOf(file);
    if (seenAt !== -1) return [...path.slice(seenAt), file];
    if (done.has(file) || !edges.has(file)) return null;
    for (const next of edges.get(file) ?? []) {
      const cycle = walk(next, [...path, file]);
      if (cycle !== null) return cycle;
    }
    done.add(file);
    return null;
  };
  for (const file of edges.keys()) {
    const cycle = walk(file, []);
    if (cycle !== null) return cycle;
  }
  return null;
};

describe('architecture: no import cycles', () => {
  // Issue 33: application/shared/codecs.ts and decode.ts imported each other; no modules may.
  it('no module of domain/, application/, adapters/ or bootstrap/ reaches itself through its imports', () => {
    const graph = importGraph(['domain', 'application', 'adapters', 'bootstrap'].flatMap(sourceFiles));
    expect(graph.get('application/shared/decode.ts')).to.include('application/shared/codecs.ts');
    expect(firstCycle(graph)).to.equal(null);
  });

  it('the check finds a cycle where there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['b.ts']],
    ]);
    expect(firstCycle(graph)).to.deep.equal(['b.ts', 'c.ts', 'b.ts']);
  });
});
