import type { ExportSection } from '../ports/workspace-export.port.js';

/** How many records of a section an import stores together. */
export const ROWS_PER_STORE = 500;

/**
 * Records of one section read from a document and not stored yet: stored together, in few
 * statements, once there are enough of them or the section ends. Each keeps the id the document
 * gave it, to be paired with the id it is stored under.
 */
export class PendingRows<R> {
  private documentIds: number[] = [];
  private rows: R[] = [];

  constructor(
    readonly section: ExportSection,
    /** Stores rows; answers their new ids in the same order (none for rows nothing points at). */
    private readonly store: (rows: readonly R[]) => Promise<readonly number[]>,
  ) {}

  get size(): number {
    return this.rows.length;
  }

  add(documentId: number, row: R): void {
    this.documentIds.push(documentId);
    this.rows.push(row);
  }

  /** Stores the rows waiting; answers each document id with the new id, where there is one. */
  async stored(): Promise<readonly (readonly [number, number])[]> {
    const ids = await this.store(this.rows);
    const pairs = ids.map((id, index) => [this.documentIds[index] ?? 0, id] as const);
    this.documentIds = [];
    this.rows = [];
    return pairs;
  }
}
