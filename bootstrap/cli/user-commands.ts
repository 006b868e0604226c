import { type Command, outcomeOf, printJson, stringOption, UsageError } from './cli-command.js';

const usersCreate: Command = {
  words: ['users', 'create'],
  usage: '<name> [--timezone Europe/Kyiv] [--json]',
  summary: 'Creates a user (IANA timezone, default UTC).',
  options: { timezone: { type: 'string' } },
  run: async (context) => {
    const [name] = context.args;
    if (name === undefined) throw new UsageError('users create needs a <name>.');
    const timezone = stringOption(context, 'timezone');
    const workspace = await context.workspace();
    const user = await outcomeOf(workspace.users.create({ name, ...(timezone ? { timezone } : {}) }));
    const view = { id: user.id, name: user.name, timezone: user.timezone };
    if (context.json) printJson(context, view);
    else context.print(`Created user ${view.id} "${view.name}" (${view.timezone}).`);
  },
};

const usersList: Command = {
  words: ['users', 'list'],
  usage: '[--json]',
  summary: 'Lists every user.',
  options: {},
  run: async (context) => {
    const workspace = await context.workspace();
    const users = (await outcomeOf(workspace.users.list())).map((u) => ({
      id: u.id,
      name: u.name,
      timezone: u.timezone,
    }));
    if (context.json) printJson(context, users);
    else if (users.length === 0) context.print('No users.');
    else for (const u of users) context.print(`${u.id}\t${u.name}\t${u.timezone}`);
  },
};

export const USER_COMMANDS: readonly Command[] = [usersCreate, usersList];
