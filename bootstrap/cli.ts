#!/usr/bin/env node
/** The CLI's entry point: checks the Node version before loading anything that needs a newer one. */
import { prepareNode } from './node-version.js';

prepareNode();
await import('./cli/cli-program.js');
