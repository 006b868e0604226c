/**
 * A host embedding the workspace: opens it on the database named by WORKSPACE_DATABASE
 * (default `memory:`), creates a user and a task, lists it, completes it, and prints what happened
 * as one JSON line. Build with `npm run build`, run with `npm start`.
 */
import {
  type AppError,
  type CreateTaskInput,
  type HistoryPage,
  type ListTasksQuery,
  openWorkspace,
  TaskStatus,
  unwrap,
} from 'workspace-api';

/** Every error a workspace call can answer, in words: the switch is exhaustive, so a new error breaks the build. */
const describe = (error: AppError): string => {
  switch (error._tag) {
    case 'ValidationFailed':
      return `invalid input: ${error.details.map((detail) => `${detail.field} ${detail.code}`).join(', ')}`;
    case 'InvalidReference':
      return `unknown reference: ${error.details.map((detail) => detail.field).join(', ')}`;
    case 'InvalidCursor':
      return 'that cursor belongs to another list; start the walk again';
    case 'InvalidSyncToken':
      return 'that sync token is not ours; sync again from the beginning';
    case 'SyncTokenExpired':
      return `that sync token is older than ${error.retentionDays} days; sync again from the beginning`;
    case 'ReportTooLarge':
      return `the report has more than ${error.maxGroups} groups; group by fewer keys`;
    case 'UnreadableDocument':
      return error.message;
    case 'NotFound':
      return `no such ${error.resource}`;
    case 'NotTaskOwner':
      return 'only the owner may do that';
    case 'Conflict':
      return `conflict ${error.code}: ${error.message}`;
    case 'PreconditionFailed':
      return 'the record changed in the meantime';
    case 'UnknownUser':
      return `no user ${error.userId}`;
    case 'InsufficientScope':
      return `needs ${error.needed}`;
    case 'Unauthenticated':
      return 'bad key';
    case 'Closed':
      return 'the workspace is closed';
    case 'Unavailable':
    case 'Unexpected':
      return 'the database failed';
  }
};

/** Unwraps an answer, or stops the host with the error in words. */
const expectRight = <A>(answer: { _tag: 'Left'; left: AppError } | { _tag: 'Right'; right: A }): A => {
  if (answer._tag === 'Left') throw new Error(describe(answer.left));
  return answer.right;
};

const workspace = await openWorkspace({ database: process.env.WORKSPACE_DATABASE ?? 'memory:' });
try {
  const user = expectRight(
    await workspace.users.create({ name: `host-${Date.now()}`, timezone: 'Europe/Kyiv' }),
  );
  const alice = workspace.actingAs(user.id);

  // The inputs have names of their own, to type a host's values with.
  // An optional field may be given as undefined (absent), as a host's optional values are, even
  // under `exactOptionalPropertyTypes`.
  const note: string | undefined = process.env.WORKSPACE_TASK_NOTE;
  const input: CreateTaskInput = {
    title: 'Written by the host',
    description: note,
    priority: 1,
    pricePlanned: 12.5,
  };
  const task = expectRight(await alice.tasks.create(input));
  const query: ListTasksQuery = { status: TaskStatus.New, sort: { by: 'createdAt', direction: 'desc' } };
  const listed = expectRight(await alice.tasks.list(query));
  const completed = expectRight(await alice.tasks.changeStatus(task.id, TaskStatus.Done));
  // `unwrap` for the calls whose failure would be fatal anyway: it throws a WorkspaceError.
  const profile = await unwrap(alice.gamification.profile());
  const history: HistoryPage = await unwrap(alice.tasks.history(task.id));

  // Acting as a user who does not exist is a typed answer, not a crash.
  const stranger = await workspace.actingAs(user.id + 1000).tasks.list();

  console.log(
    JSON.stringify({
      task: { id: task.id, title: task.title, pricePlanned: task.pricePlanned },
      listed: listed.items.map((item) => item.id),
      status: completed.task.status,
      pointsAwarded: completed.gamification.pointsAwarded,
      totalPoints: profile.totalPoints,
      history: history.items.map((entry) => entry.to),
      stranger: stranger._tag === 'Left' ? stranger.left._tag : 'Right',
    }),
  );
} finally {
  await workspace.close();
}
