#!/usr/bin/env node
/** The CLI's entry point: checks the Node version before loading anything that needs a newer one. */
import { readEnvFile } from './env-file.js';
import { prepareNode } from './node-version.js';
import { importEntry } from './peer-packages.js';

prepareNode();
readEnvFile();
// `mcp` is a server on stdio, not a command that answers and exits.
if (process.argv[2] === 'mcp') await importEntry('the MCP server', () => import('./mcp-stdio.js'));
else await importEntry('the CLI', () => import('./cli/cli-program.js'));
