import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { expect } from 'chai';
import { type Browser, chromium } from 'playwright-core';
import { type ServerProcess, startServer } from '../support/processes.js';

/** Chromium from `CHROMIUM_PATH` or PATH (`test/support/ensure-browser.sh` installs Debian's). */
const findChromium = (): string | null => {
  const candidates = [
    ...(process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : []),
    ...(process.env.PATH ?? '')
      .split(delimiter)
      .flatMap((folder) =>
        ['chromium', 'chromium-browser', 'google-chrome'].map((name) => join(folder, name)),
      ),
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
};

describe('GET /docs in a real browser (headless Chromium)', function () {
  this.timeout(120_000);
  let server: ServerProcess;
  let browser: Browser;

  before(async () => {
    const executablePath = findChromium();
    if (executablePath === null) {
      throw new Error(
        'NO CHROMIUM: the docs page cannot be tested. Run test/support/ensure-browser.sh (npm test does), ' +
          'install Debian’s chromium, or set CHROMIUM_PATH.',
      );
    }
    server = await startServer({ DATABASE_URL: 'sqlite::memory:' });
    // Root in a container has no user namespace for Chromium's sandbox.
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders every operation of the document, fetches nothing from elsewhere and logs no error', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (answer) => {
      if (answer.status() >= 400) errors.push(`${answer.status()} ${answer.url()}`);
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl) && !request.url().startsWith('data:'))
        elsewhere.push(request.url());
    });

    const response = await page.goto(`${server.baseUrl}/docs`);
    expect(response?.status()).to.equal(200);
    expect(response?.headers()['content-security-policy']).to.contain("script-src 'self'");

    const document = (await (await fetch(`${server.baseUrl}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, object>>;
      webhooks: Record<string, Record<string, object>>;
    };
    // The routes, and the events described under `webhooks` (Swagger UI lists both).
    const operations = [...Object.values(document.paths), ...Object.values(document.webhooks)].flatMap(
      (methods) => Object.values(methods),
    ).length;
    await page.waitForSelector('.opblock-summary-description', { timeout: 60_000 });
    const summaries = await page.$$eval('.opblock-summary-description', (nodes) =>
      nodes.map((node) => node.textContent ?? ''),
    );
    expect(summaries).to.include.members([
      'Create a task',
      'List time records',
      'Change some fields of a client',
      "task.status_changed: A task's status changed: from and to, and what it did to the points.",
    ]);
    expect(summaries).to.have.length(operations);
    expect(await page.textContent('.info .title')).to.contain('Workspace API');

    expect(elsewhere, 'requests to other origins').to.deep.equal([]);
    expect(errors, 'console errors').to.deep.equal([]);
    await page.close();
  });
});
