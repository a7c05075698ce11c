// MCP Apps in a real browser: headless Chromium (Debian's package, driven by playwright-core) loads
// a host page, built with the ext-apps package's own host API (AppBridge, PostMessageTransport) and
// the 2.x client, from one origin; the demo's project server runs on another. The host calls
// search_documents as a model would, finds its view in the tool's _meta.ui, reads it, renders it in
// a sandboxed iframe (scripts only, an opaque origin, and a Content Security Policy that lets it
// reach nothing) and hands it the call's input and result through the bridge. The view shows the
// hits, opens one by calling read_document through the host, and searches again by calling
// search_documents through the host. Without Chromium (CHROMIUM_PATH, or /usr/bin/chromium) the
// cases are skipped, except in CI.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemo } from '../examples/demo/main.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The host, as a browser runs it: bundled from this source by esbuild with the packages it names.
const HOST = `
import {
  AppBridge,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
  getToolUiResourceUri,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const log = (window.hostLog = []);

// What a host writes around a view: it may reach nothing but what its _meta.ui.csp lists.
function withPolicy(html, csp = {}) {
  const connect = (csp.connectDomains ?? []).join(' ') || "'none'";
  const policy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src " + connect;
  const meta = '<meta http-equiv="Content-Security-Policy" content="' + policy + '">';
  return html.replace(/<head>/i, '<head>' + meta);
}

window.runHost = async (url, name, args) => {
  const client = new Client(
    { name: 'chromium-host', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] } } },
    },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  const tool = tools.find((tool) => tool.name === name);
  const uri = getToolUiResourceUri(tool);
  // The model's call: its text is what a host without apps shows.
  const result = await client.callTool({ name, arguments: args });
  const { contents } = await client.readResource({ uri });
  const [view] = contents;
  if (view.mimeType !== RESOURCE_MIME_TYPE) throw new Error('not an app view: ' + view.mimeType);
  log.push({ uri, ui: view._meta?.ui ?? null });

  const iframe = document.createElement('iframe');
  iframe.sandbox = 'allow-scripts';
  iframe.title = 'app view';
  iframe.style.cssText = 'width: 800px; height: 600px; border: 1px solid #ccc';
  document.body.append(iframe);

  const bridge = new AppBridge(
    client,
    { name: 'chromium-host', version: '1.0.0' },
    { serverTools: {}, serverResources: {} },
  );
  bridge.oninitialized = () => {
    log.push({ initialized: true });
    bridge.sendToolInput({ arguments: args });
    bridge.sendToolResult(result);
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  // The host decides what the view may call: a tool the model alone may call is refused.
  const forward = bridge.oncalltool;
  bridge.oncalltool = async (params, extra) => {
    const called = tools.find((tool) => tool.name === params.name);
    const visibility = called?._meta?.ui?.visibility ?? ['model', 'app'];
    if (!called || !visibility.includes('app')) throw new Error(params.name + ' is not for apps');
    log.push({ call: params.name, arguments: params.arguments });
    return forward(params, extra);
  };
  iframe.srcdoc = withPolicy(view.text, view._meta?.ui?.csp);
  return { uri, text: result.content[0].text };
};
`;

const browser = suite<{
  demo: Awaited<ReturnType<typeof startDemo>>;
  host: Server;
  hostUrl: string;
  browser: Browser;
  page: Page;
}>('MCP Apps, the demo view in a real host', {
  demo: undefined as never,
  host: undefined as never,
  hostUrl: '',
  browser: undefined as never,
  page: undefined as never,
});

const missing = !existsSync(CHROMIUM) && process.env.CI === undefined;

browser.before(async (context) => {
  if (missing) return;
  const bundle = await build({
    stdin: {
      contents: HOST,
      resolveDir: fileURLToPath(new URL('..', import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  context.host = createServer((request, response) => {
    if (request.url === '/host.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>host</title><script type="module" src="/host.js"></script>');
    }
  });
  await new Promise<void>((resolve) => context.host.listen(0, '127.0.0.1', resolve));
  context.hostUrl = `http://127.0.0.1:${(context.host.address() as AddressInfo).port}`;
  context.demo = await startDemo({ port: 0, corsOrigins: [context.hostUrl], log: () => {} });
  context.browser = await chromium.launch({ executablePath: CHROMIUM });
  context.page = await context.browser.newPage();
  await context.page.goto(`${context.hostUrl}/`);
  await context.page.waitForFunction(() => 'runHost' in window);
});

browser.after(async ({ browser, demo, host }) => {
  await browser?.close();
  await demo?.close();
  if (host !== undefined) {
    host.closeAllConnections();
    await new Promise((resolve) => host.close(resolve));
  }
});

async function viewFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('iframe');
  const frame = await element.contentFrame();
  if (frame === null) throw new Error('the iframe has no frame');
  return frame;
}

const hostLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { hostLog: unknown[] }).hostLog);

browser('the view renders the tool result, and calls tools through the host', async (context) => {
  if (missing) return console.warn('  skipped: no Chromium at', CHROMIUM);
  const { page, demo } = context;
  const called = await page.evaluate(
    ([url]) =>
      (
        window as unknown as {
          runHost: (...args: unknown[]) => Promise<{ uri: string; text: string }>;
        }
      ).runHost(url, 'search_documents', { query: 'defineAppView' }),
    [`${demo.base}/mcp`],
  );
  assert.is(called.uri, 'ui://project/search');
  // The tool still answers in text, for a host without apps and for the model.
  assert.match(called.text, /: .*defineAppView/);

  const frame = await viewFrame(page);
  // Sandboxed: an opaque origin, which reaches the server only through the host.
  assert.is(await frame.evaluate(() => origin), 'null');
  // The hits the host handed the view, shown by the view.
  await frame.waitForSelector('#hits li');
  const hits = await frame.$$eval('#hits li', (items) => items.map((item) => item.textContent));
  assert.ok(hits.length > 0);
  assert.ok(hits.every((hit) => /defineAppView/i.test(hit ?? '')));
  assert.is(await frame.inputValue('#query'), 'defineAppView');

  // A hit opened: read_document, called by the view through the host, its text shown.
  const first = await frame.textContent('#hits li button');
  await frame.click('#hits li button');
  await frame.waitForFunction(() => document.getElementById('document')!.textContent !== '');
  const shown = await frame.textContent('#document');
  const [path] = (first ?? '').split(':');
  assert.ok(shown!.startsWith(`# ${path}`), shown!);

  // A search from the view: search_documents through the host again, its hits shown.
  await frame.fill('#query', 'toolsByName');
  await frame.click('#search');
  await frame.waitForFunction(() =>
    Array.from(document.querySelectorAll('#hits li')).some((item) =>
      item.textContent?.includes('toolsByName'),
    ),
  );
  const again = await frame.$$eval('#hits li', (items) => items.map((item) => item.textContent));
  assert.ok(again.length > 0 && again.every((hit) => /toolsByName/i.test(hit ?? '')));

  const log = (await hostLog(page)) as Record<string, unknown>[];
  assert.equal(log[0], { uri: 'ui://project/search', ui: { prefersBorder: true } });
  assert.equal(log[1], { initialized: true });
  assert.equal(
    log.slice(2).map((entry) => entry.call),
    ['read_document', 'search_documents'],
  );
});

browser.run();
