import * as E from 'fp-ts/lib/Either.js';
import { getManyValues, isMany, none } from 'stream-chain/defs.js';
import Assembler from 'stream-json/assembler.js';
import { jsonParser, type Token } from 'stream-json/core/parser.js';
import {
  importedAchievement,
  importedCompletion,
  importedGamificationTotals,
  importedUser,
  SECTION_CODECS,
} from '../../../application/portability/import.codecs.js';
import type { ImportDocument, ImportItem } from '../../../application/portability/import-document.js';
import { EXPORT_SECTIONS, type ExportSection } from '../../../application/ports/workspace-export.port.js';
import type { ValidationDetail } from '../../../application/shared/validation-detail.js';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../presenters/export-document.js';
import { type WireCodec, wireBody } from './wire-codecs.js';

const SECTION_WIRES = new Map<ExportSection, WireCodec>(
  EXPORT_SECTIONS.map((section) => [section, wireBody(SECTION_CODECS[section])]),
);

const WIRES = {
  user: wireBody(importedUser),
  gamification: wireBody(importedGamificationTotals),
  achievement: wireBody(importedAchievement),
  completion: wireBody(importedCompletion),
};

const isSection = (key: string): key is ExportSection => EXPORT_SECTIONS.some((section) => section === key);

const HEAD_KEYS = ['format', 'version', 'exported_at', 'user', 'gamification'];

/** A decoder's failure, each detail's field put under `place`. */
const problemsAt = (place: string, details: readonly ValidationDetail[]) => ({
  kind: 'problems' as const,
  details: details.map((detail) => ({
    ...detail,
    field: detail.field === '' ? place : `${place}.${detail.field}`,
  })),
});

const problemAt = (field: string, code: ValidationDetail['code'], message: string): ImportItem => ({
  kind: 'problems',
  details: [{ field, code, message }],
});

/** Decodes a record of a section: the record, or its problems under its place. */
const recordItem = (section: ExportSection, index: number, value: unknown): ImportItem => {
  const place = `${section}[${index}]`;
  const wire = SECTION_WIRES.get(section);
  if (wire === undefined) throw new Error(`no codec for the section ${section}`);
  const decoded = wire.decode(value);
  if (E.isRight(decoded))
    // trust boundary: the section's codec decoded it, into the record type of that same section.
    return { kind: 'record', section, place, record: decoded.right } as ImportItem;
  const id: unknown =
    typeof value === 'object' && value !== null
      ? Object.getOwnPropertyDescriptor(value, 'id')?.value
      : undefined;
  const problems = problemsAt(place, decoded.left.details);
  return typeof id === 'number' ? { ...problems, record: { section, id } } : problems;
};

/** The parts of the gamification: its figures, then each achievement and completion. */
function* gamificationItems(value: unknown): Generator<ImportItem> {
  const totals = WIRES.gamification.decode(value);
  if (E.isLeft(totals)) {
    yield problemsAt('gamification', totals.left.details);
    return;
  }
  yield { kind: 'gamification', totals: totals.right };
  // trust boundary: decoded above as an object; its two lists are read by name.
  const { achievements, completions } = value as { achievements?: unknown; completions?: unknown };
  for (const [name, list] of [
    ['achievements', achievements],
    ['completions', completions],
  ] as const) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      yield problemAt(`gamification.${name}`, 'INVALID_TYPE', 'must be an array');
      continue;
    }
    for (const [index, entry] of list.entries()) {
      const place = `gamification.${name}[${index}]`;
      if (name === 'achievements') {
        const decoded = WIRES.achievement.decode(entry);
        yield E.isRight(decoded)
          ? { kind: 'achievement', achievement: decoded.right }
          : problemsAt(place, decoded.left.details);
      } else {
        const decoded = WIRES.completion.decode(entry);
        yield E.isRight(decoded)
          ? { kind: 'completion', place, completion: decoded.right }
          : problemsAt(place, decoded.left.details);
      }
    }
  }
}

/** A member of the document's object other than a section: what it says, checked. */
function* headItems(key: string, value: unknown): Generator<ImportItem> {
  switch (key) {
    case 'format':
      if (value !== EXPORT_FORMAT)
        yield problemAt(
          'format',
          'INVALID_FORMAT',
          `must be "${EXPORT_FORMAT}": this is not an export document`,
        );
      return;
    case 'version':
      if (value !== EXPORT_VERSION)
        yield problemAt(
          'version',
          'OUT_OF_RANGE',
          `must be ${EXPORT_VERSION}, the version this server reads`,
        );
      return;
    case 'user': {
      const decoded = WIRES.user.decode(value);
      yield E.isRight(decoded)
        ? { kind: 'user', timezone: decoded.right.timezone }
        : problemsAt('user', decoded.left.details);
      return;
    }
    case 'gamification':
      yield* gamificationItems(value);
      return;
  }
}

/**
 * Reads the document's tokens: the members of its object one by one, each section's records one at
 * a time as they end (a section is never held whole), everything else whole, as it is small.
 */
class DocumentReader {
  /** 0 before the document, 1 in its object, 2 in a section's array; -1 in a document that is no object. */
  private depth = 0;
  private key = '';
  private section: ExportSection | undefined;
  private index = 0;
  /** The value being assembled, until its last token. */
  private value: Assembler | undefined;
  private readonly seen = new Set<string>();

  /** Reads one token; what it ends is added to `items`. */
  take(token: Token, items: ImportItem[]): void {
    if (this.value !== undefined) {
      this.value.consume(token);
      if (this.value.done) this.valueEnded(items);
      return;
    }
    switch (this.depth) {
      case -1:
        return;
      case 0:
        if (token.name === 'startObject') this.depth = 1;
        else {
          this.depth = -1;
          items.push(problemAt('', 'INVALID_TYPE', 'the document must be a JSON object'));
        }
        return;
      case 1:
        if (token.name === 'keyValue') {
          this.key = token.value;
          this.seen.add(this.key);
        } else if (token.name === 'endObject') {
          this.depth = 0;
          items.push(...this.ended());
        } else if (isSection(this.key) && token.name === 'startArray') {
          this.section = this.key;
          this.index = 0;
          this.depth = 2;
        } else this.valueStarts(token, items);
        return;
      default:
        if (token.name !== 'endArray') this.valueStarts(token, items);
        else {
          this.depth = 1;
          this.section = undefined;
        }
    }
  }

  /** A value starts at `token`; a value of one token (a number) ends with it. */
  private valueStarts(token: Token, items: ImportItem[]): void {
    this.value = new Assembler();
    this.value.consume(token);
    if (this.value.done) this.valueEnded(items);
  }

  private valueEnded(items: ImportItem[]): void {
    const value = this.value?.current;
    this.value = undefined;
    if (this.section !== undefined) {
      items.push(recordItem(this.section, this.index, value));
      this.index++;
      return;
    }
    const { key } = this;
    if (isSection(key)) items.push(problemAt(key, 'INVALID_TYPE', 'must be an array'));
    else if (HEAD_KEYS.includes(key)) items.push(...headItems(key, value));
    else items.push(problemAt(key, 'UNKNOWN_FIELD', 'unknown field'));
  }

  /** At the document's end: what it must have said. */
  private *ended(): Generator<ImportItem> {
    if (!this.seen.has('format')) yield problemAt('format', 'REQUIRED', 'is required');
    if (!this.seen.has('version')) yield problemAt('version', 'REQUIRED', 'is required');
  }
}

/** The parser's answer to one call: stream-chain's `many` of tokens, or `none`. */
const tokensOf = (answer: unknown): readonly Token[] =>
  // trust boundary: stream-json's parser answers `many` of its tokens or `none`.
  isMany(answer) ? (getManyValues(answer) as Token[]) : [];

/**
 * An export document read as it arrives (CONTRACT §12): JSON parsed by stream-json's parser, called
 * as the function it is (stream-chain's protocol: text in, `many` tokens out, `none` to flush) on
 * each chunk, so that a chunk's tokens are read in one loop rather than one promise each; each part
 * decoded by the application's codecs in wire form as soon as it has ended, each problem named by
 * its place (`tasks[3].title`). Text that is not UTF-8 JSON ends the document as unreadable.
 */
export async function* readImportDocument(source: AsyncIterable<Buffer | string>): ImportDocument {
  const reader = new DocumentReader();
  const parse = jsonParser({ packValues: true, streamValues: false });
  // trust boundary: a flushable takes stream-chain's `none` to flush; its type names only its text.
  const flush = parse as unknown as (end: typeof none) => unknown;
  // A byte-order mark is dropped as the parser's own front does; bytes that are not UTF-8 throw.
  const text = new TextDecoder('utf-8', { fatal: true });
  const itemsOf = (tokens: readonly Token[]) => {
    const items: ImportItem[] = [];
    for (const token of tokens) reader.take(token, items);
    return items;
  };
  try {
    for await (const chunk of source)
      yield* itemsOf(
        tokensOf(parse(typeof chunk === 'string' ? chunk : text.decode(chunk, { stream: true }))),
      );
    const rest = text.decode();
    if (rest !== '') yield* itemsOf(tokensOf(parse(rest)));
    yield* itemsOf(tokensOf(flush(none)));
  } catch (error) {
    const message = error instanceof Error ? error.message : 'not JSON';
    yield { kind: 'unreadable', message: `The document is not valid JSON: ${message}.` };
  }
}
