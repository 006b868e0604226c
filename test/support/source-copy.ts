import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ROOT } from './build.js';

/** The sources the compiler reads (tsconfig.json's `include`), without what a build or run leaves. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'data', '.tmp']);

/** One edit of a copied file: `anchor` must be there once, and `added` goes right after it (or replaces it). */
export interface Edit {
  readonly file: string;
  readonly anchor: string;
  readonly added: string;
  readonly replace?: boolean;
}

/** A copy of the sources in a temporary folder, sharing the project's installed packages. */
export const copySources = (prefix: string): { readonly root: string; remove(): void } => {
  const root = mkdtempSync(join(tmpdir(), prefix));
  cpSync(ROOT, root, {
    recursive: true,
    filter: (source) => !SKIPPED.has(source.slice(ROOT.length + 1).split('/')[0] ?? ''),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
};

export const applyEdit = (root: string, { file, anchor, added, replace = false }: Edit): void => {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  expect(text.split(anchor).length - 1, `${file} holds the anchor once: ${anchor}`).to.equal(1);
  writeFileSync(path, text.replace(anchor, replace ? added : `${anchor}${added}`));
};

/** The files `tsc` reports errors in, as paths from the copy's root. */
export const filesWithErrors = async (root: string): Promise<string[]> => {
  const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
  const output = await promisify(execFile)(tsc, ['--noEmit', '-p', 'tsconfig.json'], { cwd: root }).then(
    ({ stdout }) => stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  const files = output.split('\n').flatMap((line) => /^([^\s(]+\.ts)\(\d+,\d+\)/.exec(line)?.[1] ?? []);
  return [...new Set(files)].sort();
};
