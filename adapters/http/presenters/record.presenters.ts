import { formatDuration } from '../../../domain/shared/duration.js';
import { formatInstantUtc } from '../../../domain/shared/local-date-time.js';
import { centsToNumber } from '../../../domain/shared/money.js';
import type {
  Card,
  Category,
  Client,
  Links,
  MoneyRecord,
  Note,
  Owned,
  Project,
  TimeRecord,
} from '../../../domain/workspace/records.js';

const timestamps = (record: Owned) => ({
  created_at: formatInstantUtc(record.createdAt),
  updated_at: formatInstantUtc(record.updatedAt),
});

const links = (record: Links) => ({
  client_id: record.clientId,
  project_id: record.projectId,
  task_id: record.taskId,
  category_id: record.categoryId,
});

export const presentClient = (client: Client) => ({
  id: client.id,
  name: client.name,
  email: client.email,
  phone: client.phone,
  description: client.description,
  active: client.active ? 1 : 0,
  ...timestamps(client),
});

export const presentProject = (project: Project) => ({
  id: project.id,
  name: project.name,
  client_id: project.clientId,
  description: project.description,
  active: project.active ? 1 : 0,
  ...timestamps(project),
});

/** Categories and cards. */
export const presentNamed = (record: Category | Card) => ({
  id: record.id,
  name: record.name,
  description: record.description,
  active: record.active ? 1 : 0,
  ...timestamps(record),
});

export const presentNote = (note: Note) => ({
  id: note.id,
  name: note.name,
  description: note.description,
  active: note.active ? 1 : 0,
  date: note.date,
  ...links(note),
  ...timestamps(note),
});

export const presentTime = (time: TimeRecord) => ({
  id: time.id,
  time_really: formatDuration(time.timeReally),
  description: time.description,
  date: time.date,
  ...links(time),
  ...timestamps(time),
});

export const presentMoney = (money: MoneyRecord) => ({
  id: money.id,
  type: money.type,
  price: centsToNumber(money.price),
  card: money.card,
  to_card: money.toCard,
  description: money.description,
  date: money.date,
  ...links(money),
  ...timestamps(money),
});
