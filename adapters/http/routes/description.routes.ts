import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { failure } from '../envelope.js';
import type { PublicRoute, Reply } from '../route.js';

/**
 * The API's description: the OpenAPI document, and `/docs`, a Swagger UI page over it. The page's
 * assets come from the `swagger-ui-dist` package and are served from here, so the page loads
 * nothing from elsewhere and its Content-Security-Policy can allow only this origin.
 */

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Workspace API</title>
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/docs.js"></script>
</body>
</html>
`;

/** Inline scripts are what the CSP forbids, so the page's own start is a file too. */
const START = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/v1/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    tryItOutEnabled: false,
  });
});
`;

const swaggerUiDir = (): string =>
  dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files `/docs/:asset` serves, read on first use and kept. */
const ASSETS: Record<string, { readonly type: string; readonly load: () => Buffer | string }> = {
  'swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    load: () => readFileSync(join(swaggerUiDir(), 'swagger-ui.css')),
  },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    load: () => readFileSync(join(swaggerUiDir(), 'swagger-ui-bundle.js')),
  },
  'favicon-32x32.png': {
    type: 'image/png',
    load: () => readFileSync(join(swaggerUiDir(), 'favicon-32x32.png')),
  },
  'docs.js': { type: 'text/javascript; charset=utf-8', load: () => START },
};

const loaded = new Map<string, Buffer | string>();

const asset = (name: string): Reply => {
  const file = ASSETS[name];
  if (!Object.hasOwn(ASSETS, name) || file === undefined) {
    return { status: 404, body: failure('NOT_FOUND', 'There is no such file of the docs page.') };
  }
  const body = loaded.get(name) ?? file.load();
  loaded.set(name, body);
  return {
    status: 200,
    body,
    headers: { 'content-type': file.type, 'cache-control': 'public, max-age=3600' },
  };
};

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': DOCS_CSP,
  'cache-control': 'no-cache',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** `document` answers the OpenAPI document (its caller keeps it; it is asked for on every request). */
export const descriptionRoutes = (document: () => object): PublicRoute[] => [
  {
    method: 'GET',
    url: '/v1/openapi.json',
    doc: {
      tag: 'System',
      operationId: 'system.openapi',
      summary: 'This document',
      answer: { status: 200, schema: { type: 'object' } },
    },
    handle: async () => ({ status: 200, body: document(), headers: { 'cache-control': 'no-cache' } }),
  },
  {
    method: 'GET',
    url: '/docs',
    doc: {
      tag: 'System',
      operationId: 'system.docs',
      summary: 'This document as an interactive page',
      answer: { status: 200, mediaType: 'text/html', description: 'The page (Swagger UI).' },
    },
    handle: async () => ({ status: 200, body: PAGE, headers: PAGE_HEADERS }),
  },
  {
    method: 'GET',
    url: '/docs/:asset',
    doc: {
      tag: 'System',
      operationId: 'system.docsAsset',
      summary: 'A script, style sheet or image of the docs page',
      parameters: [
        {
          name: 'asset',
          in: 'path',
          required: true,
          schema: { type: 'string', enum: Object.keys(ASSETS) },
        },
      ],
      answer: {
        status: 200,
        mediaType: [...new Set(Object.values(ASSETS).map((file) => file.type.split(';')[0] ?? file.type))],
        description: 'The file: a script, a style sheet or an image.',
      },
      failures: { 404: ['NOT_FOUND'] },
    },
    handle: async (params) => asset(params.asset ?? ''),
  },
];
