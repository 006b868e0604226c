import { serverInstantOrNull } from '../../adapters/http/presenters/wire-values.js';
import { type Command, printJson, UsageError } from './cli-command.js';

const dbStatus: Command = {
  words: ['db', 'status'],
  usage: '[--json]',
  summary: 'Lists applied and pending migrations (applies nothing).',
  options: {},
  run: async (context) => {
    const status = await (await context.admin()).status();
    const view = {
      applied: status.applied.map((m) => ({ name: m.name, applied_at: serverInstantOrNull(m.appliedAt) })),
      pending: status.pending,
    };
    if (context.json) return printJson(context, view);
    for (const m of view.applied) context.print(`applied\t${m.name}\t${m.applied_at}`);
    for (const name of view.pending) context.print(`pending\t${name}`);
    context.print(
      view.pending.length === 0
        ? `Up to date (${view.applied.length} applied).`
        : `${view.pending.length} pending: run "db migrate" (the server also applies them at start).`,
    );
  },
};

const dbMigrate: Command = {
  words: ['db', 'migrate'],
  usage: '[--json]',
  summary: 'Applies pending migrations (the server does this at start too).',
  options: {},
  run: async (context) => {
    const applied = await (await context.admin()).migrate();
    if (context.json) return printJson(context, { applied });
    context.print(applied.length === 0 ? 'Nothing to apply.' : `Applied ${applied.join(', ')}.`);
  },
};

const dbBackup: Command = {
  words: ['db', 'backup'],
  usage: '<file> [--json]',
  summary:
    'SQLite: copies the database to a new file, online and consistent while the server runs, then checks the copy.',
  options: {},
  run: async (context) => {
    const [file] = context.args;
    if (file === undefined) throw new UsageError('db backup needs a <file> to write.');
    const report = await (await context.admin()).backup(file);
    if (context.json) return printJson(context, report);
    context.print(`Backed up ${report.pages} pages to ${report.file} (integrity check ok).`);
    for (const [table, rows] of Object.entries(report.rows)) context.print(`${table}\t${rows}`);
  },
};

export const DB_COMMANDS: readonly Command[] = [dbStatus, dbMigrate, dbBackup];
