#!/usr/bin/env node
/** The CLI's entry point: checks the Node version before loading anything that needs a newer one. */
import { readEnvFile } from './env-file.js';
import { prepareNode } from './node-version.js';

prepareNode();
readEnvFile();
await import('./cli/cli-program.js');
