import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportDocument } from '../../adapters/http/presenters/export-document.js';
import { type Command, outcomeOf, stringOption, UsageError } from './cli-command.js';

const userOption = (context: Parameters<Command['run']>[0], words: string): string => {
  const user = stringOption(context, 'user');
  if (user === undefined) throw new UsageError(`${words} needs --user <name|id>.`);
  return user;
};

const exportCommand: Command = {
  words: ['export'],
  usage: '--user <name|id> [--out FILE]',
  summary:
    "Writes the user's whole workspace as the export document of GET /v1/export, to FILE or to standard output.",
  options: { user: { type: 'string' }, out: { type: 'string' } },
  run: async (context) => {
    const workspace = await context.workspace();
    const user = await outcomeOf(workspace.users.find(userOption(context, 'export')));
    const exported = await outcomeOf(workspace.actingAs(user.id).workspace.export());
    const out = stringOption(context, 'out');
    await pipeline(
      Readable.from(exportDocument(exported)),
      out === undefined ? process.stdout : createWriteStream(out),
      {
        end: out !== undefined,
      },
    );
  },
};

export const PORTABILITY_COMMANDS: readonly Command[] = [exportCommand];
