import type { FastifyInstance } from 'fastify';
import { METHODS } from '../../adapters/http/route.js';

/** Full paths of fastify's route tree, as `printRoutes({ commonPrefix: false })` draws it. */
const routeTreePaths = (tree: string): string[] => {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)/.exec(line);
    if (match === null) continue;
    stack.length = (match[1] ?? '').length / 4;
    stack.push(match[2] ?? '');
    paths.push(stack.join(''));
  }
  return paths;
};

/** A concrete URL for a route pattern. */
const sample = (path: string): string => path.replace(':id', '1').replace(':asset', 'docs.js');

/**
 * Every method and path the app really serves, found from the outside: each path of its route
 * tree, asked with each method without a key; a known path answers 405 to the methods it does not
 * serve. Paths are written as OpenAPI writes them (`/v1/tasks/{id}`).
 */
export const servedRoutes = async (app: FastifyInstance): Promise<string[]> => {
  const served: string[] = [];
  for (const path of routeTreePaths(app.printRoutes({ commonPrefix: false }))) {
    for (const method of [...METHODS, 'HEAD'] as const) {
      const response = await app.inject({ method, url: sample(path) });
      if (response.statusCode !== 405) served.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return served;
};
