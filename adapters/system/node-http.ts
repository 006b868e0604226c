import type * as Http from 'node:http';
import type * as Https from 'node:https';
import { createRequire } from 'node:module';

/**
 * Node's `node:http` and `node:https`, read through `require`: an ESM import of `node:http`
 * evaluates every export it has, undici's client among them: memory in every process that imports
 * it, for an HTTP client it never uses.
 */
const requireBuiltin = createRequire(import.meta.url);
// trust boundary: require() answers any; these are Node's own node:http and node:https.
export const nodeHttp = requireBuiltin('node:http') as typeof Http;
// trust boundary: as above.
export const nodeHttps = requireBuiltin('node:https') as typeof Https;
