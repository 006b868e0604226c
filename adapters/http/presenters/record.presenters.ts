import { formatDuration } from '../../../domain/shared/duration.js';
import type {
  Card,
  Category,
  Client,
  MoneyRecord,
  Note,
  Project,
  TimeRecord,
} from '../../../domain/workspace/records.js';
import { flag, serverDateTime, serverInstant } from './wire-values.js';

// Each answer is written out as one object literal, field by field: a list presents every row, and
// spreading shared parts (timestamps, links) into each made presenting a row about twice as slow.

export const presentClient = (client: Client) => ({
  id: client.id,
  name: client.name,
  email: client.email,
  phone: client.phone,
  description: client.description,
  active: flag(client.active),
  created_at: serverInstant(client.createdAt),
  updated_at: serverInstant(client.updatedAt),
});

export const presentProject = (project: Project) => ({
  id: project.id,
  name: project.name,
  client_id: project.clientId,
  description: project.description,
  active: flag(project.active),
  created_at: serverInstant(project.createdAt),
  updated_at: serverInstant(project.updatedAt),
});

/** Categories and cards. */
export const presentNamed = (record: Category | Card) => ({
  id: record.id,
  name: record.name,
  description: record.description,
  active: flag(record.active),
  created_at: serverInstant(record.createdAt),
  updated_at: serverInstant(record.updatedAt),
});

export const presentNote = (note: Note) => ({
  id: note.id,
  name: note.name,
  description: note.description,
  active: flag(note.active),
  date: serverDateTime(note.date),
  client_id: note.clientId,
  project_id: note.projectId,
  task_id: note.taskId,
  category_id: note.categoryId,
  created_at: serverInstant(note.createdAt),
  updated_at: serverInstant(note.updatedAt),
});

export const presentTime = (time: TimeRecord) => ({
  id: time.id,
  time_really: formatDuration(time.timeReally),
  description: time.description,
  date: serverDateTime(time.date),
  client_id: time.clientId,
  project_id: time.projectId,
  task_id: time.taskId,
  category_id: time.categoryId,
  created_at: serverInstant(time.createdAt),
  updated_at: serverInstant(time.updatedAt),
});

export const presentMoney = (money: MoneyRecord) => ({
  id: money.id,
  type: money.type,
  price: money.price,
  card: money.card,
  to_card: money.toCard,
  description: money.description,
  date: serverDateTime(money.date),
  client_id: money.clientId,
  project_id: money.projectId,
  task_id: money.taskId,
  category_id: money.categoryId,
  created_at: serverInstant(money.createdAt),
  updated_at: serverInstant(money.updatedAt),
});
