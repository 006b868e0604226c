#!/usr/bin/env node
/** The server's entry point: checks the Node version before loading anything that needs a newer one. */
import { readEnvFile } from './env-file.js';
import { prepareNode } from './node-version.js';
import { importEntry } from './peer-packages.js';

prepareNode();
readEnvFile();
await importEntry('the server', () => import('./server.js'));
