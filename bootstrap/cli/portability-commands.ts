import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportDocument, presentImportSummary } from '../../adapters/http/presenters/export-document.js';
import { readImportDocument } from '../../adapters/http/wire/import-document.js';
import { type Command, outcomeOf, printJson, stringOption, UsageError } from './cli-command.js';

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

const importCommand: Command = {
  words: ['import'],
  usage: '--user <name|id> FILE [--json]',
  summary:
    "Stores an export document in the user's empty workspace, as POST /v1/import does: all of it, or nothing if it has a problem.",
  options: { user: { type: 'string' } },
  run: async (context) => {
    const [file] = context.args;
    if (file === undefined) throw new UsageError('import needs the FILE of an export document.');
    const workspace = await context.workspace();
    const user = await outcomeOf(workspace.users.find(userOption(context, 'import')));
    const summary = await outcomeOf(
      workspace.actingAs(user.id).workspace.import(readImportDocument(createReadStream(file))),
    );
    if (context.json) printJson(context, presentImportSummary(summary));
    else {
      const counts = Object.entries(summary.imported).map(([section, count]) => `${count} ${section}`);
      context.print(`Imported ${counts.join(', ')}.`);
      for (const warning of summary.warnings) context.print(`Warning: ${warning.message}`);
    }
  },
};

export const PORTABILITY_COMMANDS: readonly Command[] = [exportCommand, importCommand];
