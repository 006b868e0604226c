#!/usr/bin/env node
/** The server's entry point: checks the Node version before loading anything that needs a newer one. */
import * as nodeModule from 'node:module';
import { requireSupportedNode } from './node-version.js';

requireSupportedNode();
// Compiled modules are kept on disk (in the system's temporary folder, or NODE_COMPILE_CACHE):
// from the second start on, loading the dependencies costs a fraction of compiling them.
nodeModule.enableCompileCache();
await import('./server.js');
