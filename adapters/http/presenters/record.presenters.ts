import { formatDuration } from '../../../domain/shared/duration.js';
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
import { flag, serverDateTime, serverInstant } from './wire-values.js';

const timestamps = (record: Owned) => ({
  created_at: serverInstant(record.createdAt),
  updated_at: serverInstant(record.updatedAt),
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
  active: flag(client.active),
  ...timestamps(client),
});

export const presentProject = (project: Project) => ({
  id: project.id,
  name: project.name,
  client_id: project.clientId,
  description: project.description,
  active: flag(project.active),
  ...timestamps(project),
});

/** Categories and cards. */
export const presentNamed = (record: Category | Card) => ({
  id: record.id,
  name: record.name,
  description: record.description,
  active: flag(record.active),
  ...timestamps(record),
});

export const presentNote = (note: Note) => ({
  id: note.id,
  name: note.name,
  description: note.description,
  active: flag(note.active),
  date: serverDateTime(note.date),
  ...links(note),
  ...timestamps(note),
});

export const presentTime = (time: TimeRecord) => ({
  id: time.id,
  time_really: formatDuration(time.timeReally),
  description: time.description,
  date: serverDateTime(time.date),
  ...links(time),
  ...timestamps(time),
});

export const presentMoney = (money: MoneyRecord) => ({
  id: money.id,
  type: money.type,
  price: money.price,
  card: money.card,
  to_card: money.toCard,
  description: money.description,
  date: serverDateTime(money.date),
  ...links(money),
  ...timestamps(money),
});
