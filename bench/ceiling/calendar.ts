/**
 * A calendar feed as a careful engineer would write it by hand (CONTRACT §12): the feed by its
 * token's digest, the owner's change sequence for the ETag, one statement for the dated active tasks
 * in date order, and RFC 5545 text written straight from the rows. Only what the bench asks: a feed
 * of tasks, unnarrowed.
 */
import { createHash } from 'node:crypto';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import type { Db, Row } from './driver.js';

const TASK_COLUMNS = 'id, title, description, date, status, time_planned, updated_at';

const asText = (text: string) =>
  text
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters TEXT cannot hold.
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ' ');

/** At most 75 octets a line, a continuation starting with a space. */
const fold = (line: string): string => {
  if (Buffer.byteLength(line) <= 75) return line;
  let out = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > 75) {
      out += '\r\n ';
      octets = 1;
    }
    out += char;
    octets += size;
  }
  return out;
};

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
const local = (stored: string) => stored.slice(0, 19).replace(/[-:]/g, '').replace(' ', 'T');

const span = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
  return `PT${parts || '0S'}`;
};

const eventOf = (row: Row, zone: string | null, stamp: string): string[] => {
  const date = String(row.date);
  const allDay = date.endsWith('00:00:00');
  const status = Number(row.status);
  return [
    'BEGIN:VEVENT',
    `UID:task-${row.id}@workspace-api`,
    `DTSTAMP:${stamp}`,
    allDay
      ? `DTSTART;VALUE=DATE:${date.slice(0, 10).replace(/-/g, '')}`
      : `DTSTART${zone === null ? '' : `;TZID=${zone}`}:${local(date)}`,
    `DURATION:${allDay ? 'P1D' : span(row.time_planned === null ? 1800 : Number(row.time_planned))}`,
    `SUMMARY:${asText(`${status === 2 ? '✓ ' : ''}${row.title}`)}`,
    ...(row.description === null ? [] : [`DESCRIPTION:${asText(String(row.description))}`]),
    ...(status === 3 ? ['STATUS:CANCELLED'] : []),
    `LAST-MODIFIED:${utc(Number(row.updated_at))}`,
    'END:VEVENT',
  ];
};

/** The feed's calendar and its ETag, or null when the token names no feed. */
export const calendarOf = async (
  db: Db,
  token: string,
  latestSeq: (user: number) => Promise<unknown>,
): Promise<{ etag: string; body: string } | null> => {
  const digest = createHash('sha256').update(token).digest('hex');
  const [feed] = await db.all(
    'select f.id, f.user_id, f.name, u.timezone from calendar_feeds f join users u on u.id = f.user_id where f.token_digest = ?',
    [digest],
  );
  if (feed === undefined) return null;
  const user = Number(feed.user_id);
  const seq = await latestSeq(user);
  const active = db.dialect === 'postgresql' ? 'true' : '1';
  const rows = await db.all(
    `select ${TASK_COLUMNS} from tasks where (owner_id = ? or assignee_id = ?) and active = ${active} ` +
      'and date is not null order by date, id',
    [user, user],
  );
  const timezone = String(feed.timezone);
  const definition = getVtimezoneComponent(timezone);
  const zoneLines = definition === null ? [] : definition.split(/\r?\n/).filter((line) => line !== '');
  const zone = zoneLines.find((line) => line.startsWith('TZID:'))?.slice(5) ?? null;
  const stamp = utc(Date.now());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//workspace-api//calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${asText(String(feed.name))}`,
    `X-WR-TIMEZONE:${timezone}`,
    ...(zone === null ? [] : zoneLines),
    ...rows.flatMap((row) => eventOf(row, zone, stamp)),
    'END:VCALENDAR',
  ];
  return { etag: `"i.${Number(seq ?? 0)}-${feed.id}"`, body: `${lines.map(fold).join('\r\n')}\r\n` };
};
