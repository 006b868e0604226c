import {
  type RecordKindName,
  type ReferenceTarget,
  referenceFieldsOf,
} from '../../domain/workspace/references.js';
import type { DetailCode } from '../shared/validation-detail.js';

/** Where a problem found with an id is reported: its field, detail code and message. */
export type ReportProblem = (field: string, code: DetailCode, message: string) => void;

/**
 * The ids of an import's document and the ones its records were stored under: a record's document
 * id is noted when it is read (0 until it is stored), and every reference is turned into the id of
 * the record it names, which must have been read before it.
 */
export class DocumentIds {
  private readonly ids = new Map<RecordKindName, Map<number, number>>();
  /** References to users of the instance the document came from, dropped. */
  assigneesDropped = 0;

  constructor(private readonly report: ReportProblem) {}

  /** Notes a record read under `id`; a second record of the kind with that id is a problem. */
  read(kind: RecordKindName, place: string, id: number): boolean {
    const ids = this.of(kind);
    if (ids.has(id)) {
      this.report(`${place}.id`, 'DUPLICATE', `another ${kind} of the document has id ${id}`);
      return false;
    }
    ids.set(id, 0);
    return true;
  }

  /** Notes a record whose problems are reported already: what points at it is not reported too. */
  readWithProblems(kind: RecordKindName, id: number): void {
    this.of(kind).set(id, 0);
  }

  stored(kind: RecordKindName, documentId: number, id: number): void {
    this.of(kind).set(documentId, id);
  }

  /** The id the record of `kind` with `documentId` was stored under, if the document holds it. */
  storedId(kind: RecordKindName, documentId: number): number | undefined {
    return this.ids.get(kind)?.get(documentId);
  }

  /** The new id of the record of `target` with `id`, or a problem at `field`. */
  remapped(field: string, target: Exclude<ReferenceTarget, 'user'>, id: number): number | null {
    const found = this.storedId(target, id);
    if (found !== undefined) return found;
    this.report(field, 'NOT_FOUND', `refers to ${target} ${id}, which the document does not hold before it`);
    return null;
  }

  /** A record's references, each turned into the new record's id; an assignee is dropped. */
  links(kind: RecordKindName, place: string, fields: object): Record<string, number | null> {
    const links: Record<string, number | null> = {};
    for (const [field, target] of referenceFieldsOf(kind)) {
      const id: unknown = Object.getOwnPropertyDescriptor(fields, field)?.value;
      if (typeof id !== 'number') continue;
      if (target === 'user') {
        this.assigneesDropped++;
        links[field] = null;
      } else links[field] = this.remapped(`${place}.${field}`, target, id);
    }
    return links;
  }

  private of(kind: RecordKindName): Map<number, number> {
    const ids = this.ids.get(kind) ?? new Map<number, number>();
    this.ids.set(kind, ids);
    return ids;
  }
}
