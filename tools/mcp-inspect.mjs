// The official MCP inspector's CLI against this clone's `workspace-api mcp`, as an agent would start
// it: `WORKSPACE_API_KEY=… npm run -s mcp:inspect -- --method tools/list`. The inspector's CLI reads
// its own package.json from its working directory, so it runs in its folder, and a relative SQLite
// path in DATABASE_URL is made absolute from the clone first.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const inspector = join(root, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build');
const url = process.env.DATABASE_URL || 'sqlite:./data/workspace.db';
const database =
  url.startsWith('sqlite:') && url !== 'sqlite::memory:' ? `sqlite:${resolve(root, url.slice(7))}` : url;
const cli = join(root, 'dist', 'bootstrap', 'cli.js');
const { status } = spawnSync(
  process.execPath,
  [join(inspector, 'index.js'), process.execPath, cli, 'mcp', ...process.argv.slice(2)],
  { cwd: inspector, env: { ...process.env, DATABASE_URL: database }, stdio: 'inherit' },
);
process.exit(status ?? 1);
