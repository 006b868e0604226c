import { EXPORT_SECTIONS } from '../../application/ports/workspace-export.port.js';

/**
 * Export documents compared as a round trip must keep them: every id replaced by the record's place
 * in its section (ids are the instance's own), `exported_at` and the user's name left out.
 */

type Row = Record<string, unknown>;
type Document = Record<string, unknown> & { gamification: { completions: Row[] } };

/** Each reference field of a record, and the section whose records it names. */
const REFERENCES: Record<string, string> = {
  client_id: 'clients',
  project_id: 'projects',
  category_id: 'categories',
  task_id: 'tasks',
  card: 'cards',
  to_card: 'cards',
};

const rows = (document: Document, section: string): Row[] => (document[section] as Row[] | undefined) ?? [];

export const comparable = (document: Document): unknown => {
  const places = new Map<string, Map<unknown, number>>();
  for (const section of EXPORT_SECTIONS)
    places.set(section, new Map(rows(document, section).map((row, place) => [row.id, place])));
  const placed = (row: Row): Row => {
    const copy: Row = { ...row };
    delete copy.id;
    for (const [field, section] of Object.entries(REFERENCES))
      if (typeof copy[field] === 'number')
        copy[field] = `${section}#${places.get(section)?.get(copy[field])}`;
    for (const field of ['owner_id', 'changed_by']) if (field in copy) copy[field] = 'the owner';
    return copy;
  };
  const { exported_at: _at, user, gamification, ...rest } = document;
  return {
    ...Object.fromEntries(
      EXPORT_SECTIONS.map((section) => [section, rows(rest as Document, section).map(placed)]),
    ),
    user: { ...(user as Row), name: undefined },
    gamification: { ...gamification, completions: gamification.completions.map(placed) },
  };
};
