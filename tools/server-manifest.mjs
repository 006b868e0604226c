// Rewrites package.json for a production install of the server (the container image's build stage):
// the optional peer dependencies the server needs (the HTTP edge, the SQL databases) become
// dependencies at the versions the project pins, and the development tools go. `npm install
// --omit=dev` then installs exactly what the server runs, resolved from package-lock.json.
// Never run it in a checkout you develop in: it changes package.json.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package.json', import.meta.url);
const manifest = JSON.parse(readFileSync(file, 'utf8'));
const peers = Object.keys(manifest.peerDependencies ?? {});
const pinned = Object.fromEntries(
  peers.map((name) => {
    const version = manifest.devDependencies?.[name];
    if (version === undefined) throw new Error(`${name} is a peer dependency without a pinned version`);
    return [name, version];
  }),
);
const { devDependencies: _tools, peerDependencies: _peers, peerDependenciesMeta: _meta, ...rest } = manifest;
writeFileSync(
  file,
  `${JSON.stringify({ ...rest, dependencies: { ...manifest.dependencies, ...pinned } }, null, 2)}\n`,
);
