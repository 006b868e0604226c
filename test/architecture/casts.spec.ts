import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect } from 'chai';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * The source as code alone: comments and the text of string and template literals blanked (the
 * code inside a template's `${}` kept), line for line, so that "as" in a comment or in SQL is not
 * read as a cast.
 */
const codeOnly = (source: string): string => {
  let out = '';
  let i = 0;
  const blank = (character: string | undefined) => (character === '\n' ? '\n' : ' ');
  const quoted = (quote: string) => {
    out += ' ';
    i += 1;
    while (i < source.length && source[i] !== quote && source[i] !== '\n') {
      out += source[i] === '\\' ? '  ' : ' ';
      i += source[i] === '\\' ? 2 : 1;
    }
    out += ' ';
    i += 1;
  };
  const template = () => {
    out += ' ';
    i += 1;
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        out += '  ';
        i += 2;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        out += '${';
        i += 2;
        code(true);
        out += '}';
        i += 1;
      } else {
        out += blank(source[i]);
        i += 1;
      }
    }
    out += ' ';
    i += 1;
  };
  /** Code up to the end, or up to the `}` that closes a template's `${` when `inTemplate`. */
  const code = (inTemplate: boolean) => {
    let depth = 0;
    while (i < source.length) {
      const [c, next] = [source[i], source[i + 1]];
      if (c === '/' && next === '/') {
        while (i < source.length && source[i] !== '\n') {
          out += ' ';
          i += 1;
        }
      } else if (c === '/' && next === '*') {
        const end = source.indexOf('*/', i + 2);
        const stop = end === -1 ? source.length : end + 2;
        for (; i < stop; i += 1) out += blank(source[i]);
      } else if (c === "'" || c === '"') quoted(c);
      else if (c === '`') template();
      else {
        if (inTemplate && c === '{') depth += 1;
        if (inTemplate && c === '}') {
          if (depth === 0) return;
          depth -= 1;
        }
        out += c;
        i += 1;
      }
    }
  };
  code(false);
  return out;
};

/** A type assertion (`as T`), not `as const` nor an import or export renaming. */
const CAST = /\bas (?!const\b)[A-Za-z_{[(]/;
const RENAMING = /^\s*(import|export)\b|\{[^}]*\bas\b[^}]*\}\s*from\b/;
const MARK = /\/\/ trust boundary: \S/;

/** Every cast in `folder` whose line, or the line above, does not say why it is a trust boundary. */
const unmarkedCasts = (folder: string): string[] =>
  readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .flatMap((entry) => {
      const file = join(entry.parentPath, entry.name);
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n');
      return codeOnly(text)
        .split('\n')
        .flatMap((line, index) =>
          CAST.test(line) && !RENAMING.test(line) && !MARK.test(`${lines[index - 1] ?? ''}\n${lines[index]}`)
            ? [`${relative(ROOT, file)}:${index + 1}: ${lines[index]?.trim()}`]
            : [],
        );
    });

/**
 * Issue 33, item 6: no `as` cast in adapters/ or application/ except at a trust boundary, each
 * marked `// trust boundary: <why>` on its line or the line above.
 */
describe('architecture: casts only at trust boundaries, each saying why', () => {
  for (const folder of ['adapters', 'application'])
    it(`every cast in ${folder}/ carries its "// trust boundary:" comment`, () => {
      expect(unmarkedCasts(folder)).to.deep.equal([]);
    });

  it('reads code, not comments or text: a cast in code counts, "as" in a string, a comment or SQL does not', () => {
    const code = codeOnly(
      [
        'const a = b as string; // read as text',
        "const sql = 'select id as x';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, read by the check
        'const t = `with ${xs.map((x) => `k_${x} as (${x})`)} as y`;',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, read by the check
        'const u = `${v as number}`;',
      ].join('\n'),
    ).split('\n');
    expect(code.map((line) => CAST.test(line))).to.deep.equal([true, false, false, true]);
  });
});
