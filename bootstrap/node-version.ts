import * as nodeModule from 'node:module';

/**
 * MikroORM 7 and its SQLite driver need Node.js 22.17 or later (on older versions the driver
 * crashes the process). Checked before anything else is loaded, so an old Node stops with one line.
 */
export const MINIMUM_NODE = '22.17.0';

const parts = (version: string): number[] => version.replace(/^v/, '').split('.').map(Number);

const isSupported = (version: string): boolean => {
  const [major = 0, minor = 0] = parts(version);
  const [needMajor = 0, needMinor = 0] = parts(MINIMUM_NODE);
  return major > needMajor || (major === needMajor && minor >= needMinor);
};

const needs = (version: string) =>
  `workspace-api needs Node.js >= ${MINIMUM_NODE.replace(/\.0$/, '')} (this is ${version})`;

/** Why this Node cannot run the service, or null when it can. */
export const unsupportedNode = (version: string): string | null =>
  isSupported(version)
    ? null
    : `${needs(version)}; run it with \`npm start\` or \`npm run cli\`, which use the project's own Node`;

/** The same, in a host's terms: the library is opened by the host's own Node. */
export const unsupportedNodeForHost = (version: string): string | null =>
  isSupported(version) ? null : `${needs(version)}; run the host with a newer Node`;

export const requireSupportedNode = (): void => {
  const problem = unsupportedNode(process.version);
  if (problem === null) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
};

/**
 * What both entry points do before loading anything else: stop on a Node that is too old, then keep
 * compiled modules on disk (in the system's temporary folder, or NODE_COMPILE_CACHE), so that from
 * the second start on loading the dependencies costs a fraction of compiling them.
 */
export const prepareNode = (): void => {
  requireSupportedNode();
  nodeModule.enableCompileCache();
};
