#!/usr/bin/env node
/** The CLI's entry point: checks the Node version before loading anything that needs a newer one. */
import { requireSupportedNode } from './node-version.js';

requireSupportedNode();
await import('./cli/cli-program.js');
