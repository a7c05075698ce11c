// CORS in a real browser: headless Chromium (Debian's package, driven by playwright-core) loads a
// page from one origin whose fetch() calls MCP servers on another: the demo's project server, and
// a small guarded one with a tool whose argument is mirrored in an Mcp-Param-* header. A page from
// an origin not listed is refused. Without Chromium (CHROMIUM_PATH, or /usr/bin/chromium) the
// cases are skipped, except in CI, where .ci/run installs it.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineTool, MCPServerBase, toolsByName } from 'mcp-protocol-core';
import { bearerToken, createHttpHandler, unauthorized } from 'mcp-protocol-core/http';
import { type Browser, chromium, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemo } from '../examples/demo/main.js';
import { nodeListener } from '../src/http.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The page's client: plain fetch in the 2026-07-28 era, as a browser app would write it. What it
// returns is what the page could read: a refused request is only a TypeError.
const PAGE = `<!doctype html>
<title>MCP from a browser</title>
<script>
let nextId = 1;
window.mcp = async (url, method, params = {}, headers = {}) => {
  const version = '2026-07-28';
  const routing = { 'mcp-protocol-version': version, 'mcp-method': method };
  if (method === 'tools/call') routing['mcp-name'] = params.name;
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'browser-page', version: '1.0.0' },
  };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...routing,
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta } }),
    });
    return {
      status: response.status,
      challenge: response.headers.get('www-authenticate'),
      body: await response.json(),
    };
  } catch (error) {
    return { error: String(error) };
  }
};
</script>`;

interface Outcome {
  status?: number;
  challenge?: string | null;
  body?: any;
  error?: string;
}

type Call = [
  url: string,
  method: string,
  params?: Record<string, unknown>,
  headers?: Record<string, string>,
];

function call(page: Page, ...args: Call): Promise<Outcome> {
  return page.evaluate(
    (args) => (globalThis as unknown as { mcp: (...args: Call) => Promise<Outcome> }).mcp(...args),
    args,
  );
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const Forecast = defineTool({
  name: 'forecast',
  title: 'Forecast',
  description: 'The forecast for a region.',
  argumentsSchema: {
    type: 'object',
    properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
    required: ['region'],
  },
  run: ({ region }) => `${region}: sunny`,
});

class WeatherServer extends MCPServerBase {
  readonly name = 'weather';
  override readonly tools = toolsByName(new Forecast());
  serverInfo() {
    return { name: 'weather', version: '1.0.0' };
  }
  override instructions() {
    return 'Call forecast with a region.';
  }
}

interface Context {
  browser: Browser;
  /** A page of the origin the servers allow, and one of an origin they do not. */
  allowed: Page;
  other: Page;
  servers: Server[];
  demo: Awaited<ReturnType<typeof startDemo>>;
  demoUrl: string;
  weatherUrl: string;
  log: string[];
}

const browser = suite<Context>('CORS in Chromium', { log: [], servers: [] } as unknown as Context);

browser.before(async (context) => {
  const pages = () =>
    createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    });
  const allowedServer = pages();
  const otherServer = pages();
  const allowedOrigin = await listen(allowedServer);
  const otherOrigin = await listen(otherServer);
  const weather = createServer(
    nodeListener(
      createHttpHandler(() => new WeatherServer(), {
        cors: { origins: [allowedOrigin] },
        authorize: (request) =>
          bearerToken(request.headers) === 'browser-token'
            ? 'visitor'
            : unauthorized('A token is required.', { error: 'invalid_token', scope: 'weather' }),
      }),
    ),
  );
  context.weatherUrl = `${(await listen(weather)).replace('127.0.0.1', 'localhost')}/mcp`;
  context.servers = [allowedServer, otherServer, weather];
  context.demo = await startDemo({
    port: 0,
    corsOrigins: [allowedOrigin],
    log: (line) => context.log.push(line),
  });
  // Another host as well as another port: localhost, where the pages are on 127.0.0.1.
  context.demoUrl = `${context.demo.base.replace('127.0.0.1', 'localhost')}/mcp`;
  context.browser = await chromium.launch({ executablePath: CHROMIUM });
  context.allowed = await context.browser.newPage();
  await context.allowed.goto(`${allowedOrigin}/`);
  context.other = await context.browser.newPage();
  await context.other.goto(`${otherOrigin}/`);
});

browser.after(async ({ browser, servers, demo }) => {
  await browser?.close();
  await demo?.close();
  await Promise.all(servers.map(stop));
});

browser('a page of a listed origin lists and calls the demo project tools', async (context) => {
  const { allowed, demoUrl } = context;
  const list = await call(allowed, demoUrl, 'tools/list');
  assert.is(list.error, undefined);
  assert.is(list.status, 200);
  assert.equal(
    list.body.result.tools.map((tool: { name: string }) => tool.name),
    [
      'list_documents',
      'read_document',
      'search_documents',
      'read_blog',
      'count_mentions',
      'summarise_document',
      'index_documents',
      'write_note',
    ],
  );
  const read = await call(allowed, demoUrl, 'tools/call', {
    name: 'read_document',
    arguments: { path: 'README.md', max_lines: 1 },
  });
  assert.is(read.status, 200);
  assert.match(read.body.result.content[0].text, /^# README\.md\n\n# mcp-protocol-core/);
  assert.ok(
    context.log.some((line) => line.startsWith('project tools/call read_document success')),
  );
});

browser('a page of an origin not listed is refused before any call is made', async (context) => {
  const { other, demoUrl } = context;
  const before = context.log.length;
  const refused = await call(other, demoUrl, 'tools/call', {
    name: 'search_documents',
    arguments: { query: 'createHttpHandler' },
  });
  assert.equal(refused, { error: 'TypeError: Failed to fetch' });
  // The preflight failed, so the call never reached the server.
  assert.equal(context.log.slice(before), []);
});

browser(
  'an Mcp-Param-* header passes the preflight; a 401 challenge is readable',
  async ({ allowed, other, weatherUrl }) => {
    const authorization = { authorization: 'Bearer browser-token' };
    const forecast = await call(
      allowed,
      weatherUrl,
      'tools/call',
      { name: 'forecast', arguments: { region: 'eu-west' } },
      { ...authorization, 'mcp-param-region': 'eu-west' },
    );
    assert.is(forecast.status, 200);
    assert.equal(forecast.body.result.content, [{ type: 'text', text: 'eu-west: sunny' }]);
    // The server's own check of the header is reached: a mismatch is its 400, not a CORS failure.
    const mismatch = await call(
      allowed,
      weatherUrl,
      'tools/call',
      { name: 'forecast', arguments: { region: 'eu-west' } },
      { ...authorization, 'mcp-param-region': 'us-east' },
    );
    assert.is(mismatch.status, 400);
    assert.is(mismatch.body.error.code, -32020);
    const anonymous = await call(allowed, weatherUrl, 'tools/list');
    assert.is(anonymous.status, 401);
    assert.is(anonymous.challenge, 'Bearer error="invalid_token", scope="weather"');
    // A header the server does not allow fails the preflight; so does another origin.
    const extra = await call(allowed, weatherUrl, 'tools/list', {}, { 'x-secret': '1' });
    assert.equal(extra, { error: 'TypeError: Failed to fetch' });
    assert.equal(await call(other, weatherUrl, 'tools/list', {}, authorization), {
      error: 'TypeError: Failed to fetch',
    });
  },
);

if (existsSync(CHROMIUM)) {
  browser.run();
} else if (process.env.CI) {
  const missing = suite('CORS in Chromium');
  missing('Chromium is installed', () => {
    assert.unreachable(`CI needs Chromium at ${CHROMIUM}: .ci/run installs it.`);
  });
  missing.run();
} else {
  console.log(`CORS in Chromium: skipped, no browser at ${CHROMIUM} (apt-get install chromium).`);
}
