import type { UserId } from '../../domain/task/task.js';

export interface ProjectReference {
  readonly id: number;
  readonly clientId: number | null;
}

/** A task a record points at: the project and client the record then counts for. */
export interface TaskReference {
  readonly id: number;
  readonly projectId: number | null;
  readonly clientId: number | null;
}

/** Answers "is this id one of the caller's records?" for the records a task may point at. */
export interface ReferenceLookup {
  client(ownerId: UserId, id: number): Promise<boolean>;
  project(ownerId: UserId, id: number): Promise<ProjectReference | null>;
  category(ownerId: UserId, id: number): Promise<boolean>;
  /** Tasks count when the user owns them (being assigned is not enough to attach records). */
  task(ownerId: UserId, id: number): Promise<TaskReference | null>;
  card(ownerId: UserId, id: number): Promise<boolean>;
  user(id: UserId): Promise<boolean>;
}
