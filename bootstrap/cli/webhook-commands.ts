import { serverInstant } from '../../adapters/http/presenters/wire-values.js';
import type { WebhookView } from '../../application/webhooks/webhook-view.js';
import type { Workspace } from '../../application/workspace/workspace.js';
import { type Command, idArgument, outcomeOf, printJson, stringOption } from './cli-command.js';

/** A subscription as the operator sees it: its owner too; never its secret. */
const webhookView = (userId: number, webhook: WebhookView) => ({
  id: webhook.id,
  user_id: userId,
  url: webhook.url,
  events: webhook.events.join(','),
  active: webhook.active ? 1 : 0,
  disabled_reason: webhook.disabledReason,
  created_at: serverInstant(webhook.createdAt),
});

type OperatorView = ReturnType<typeof webhookView>;

/** Every user's subscriptions (or one user's), by user then id. */
const subscriptions = async (workspace: Workspace, user?: string): Promise<OperatorView[]> => {
  const users =
    user === undefined
      ? await outcomeOf(workspace.users.list())
      : [await outcomeOf(workspace.users.find(user))];
  const views: OperatorView[] = [];
  for (const { id } of users) {
    const session = workspace.actingAs(id);
    // Page by page: a user may hold more subscriptions than a page.
    for (let cursor: string | undefined; ; ) {
      const page = await outcomeOf(
        session.webhooks.list({ limit: 100, ...(cursor === undefined ? {} : { cursor }) }),
      );
      for (const webhook of page.items) views.push(webhookView(id, webhook));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
  }
  return views;
};

const stateOf = (view: OperatorView): string =>
  view.active === 1 ? 'active' : `off${view.disabled_reason === null ? '' : ` (${view.disabled_reason})`}`;

const webhooksList: Command = {
  words: ['webhooks', 'list'],
  usage: '[--user <name|id>] [--json]',
  summary: "Lists every user's webhook subscriptions (or one user's), without secrets.",
  options: { user: { type: 'string' } },
  run: async (context) => {
    const views = await subscriptions(await context.workspace(), stringOption(context, 'user'));
    if (context.json) printJson(context, views);
    else if (views.length === 0) context.print('No webhook subscriptions.');
    else
      for (const view of views)
        context.print(`${view.id}\tuser ${view.user_id}\t${stateOf(view)}\t${view.events}\t${view.url}`);
  },
};

const webhooksDisable: Command = {
  words: ['webhooks', 'disable'],
  usage: '<webhook-id> [--json]',
  summary:
    'Turns a subscription off: nothing more is sent to it until its owner turns it on again (PATCH active 1).',
  options: {},
  run: async (context) => {
    const id = idArgument(context, 'webhooks disable', 'webhook-id');
    const workspace = await context.workspace();
    const found = (await subscriptions(workspace)).find((view) => view.id === id);
    if (found === undefined) throw new Error(`No webhook subscription ${id}.`);
    const updated = await outcomeOf(workspace.actingAs(found.user_id).webhooks.update(id, { active: false }));
    const view = webhookView(found.user_id, updated);
    if (context.json) printJson(context, view);
    else context.print(`Disabled webhook ${view.id} of user ${view.user_id} (${view.url}).`);
  },
};

export const WEBHOOK_COMMANDS: readonly Command[] = [webhooksList, webhooksDisable];
