// MCP Apps (io.modelcontextprotocol/ui): a view declared with defineAppView() and shown by a tool
// with withAppView(), through TestClient in each era, and over real HTTP with the SDK 1.x client
// (handshake era) and the 2.x client (2026-07-28): both list the view's resource and the tool's
// _meta.ui, read the view's HTML, and call the tool for its text.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpHandler, nodeListener } from '../src/http.js';
import {
  APP_VIEW_MIME_TYPE,
  appsOn,
  defineAppView,
  defineTool,
  MCPServerBase,
  type RequestScope,
  resourcesByUri,
  supportsApps,
  toolsByName,
  withAppView,
} from '../src/index.js';
import { TestClient } from '../src/testing.js';

const HTML = '<!doctype html><html><body><p>The weather</p></body></html>';

const Dashboard = defineAppView({
  uri: 'ui://weather/dashboard',
  name: 'dashboard',
  title: 'Weather dashboard',
  html: HTML,
  csp: { connectDomains: ['https://api.weather.example'] },
  permissions: { geolocation: true },
  prefersBorder: true,
});

const Forecast = defineTool({
  name: 'forecast',
  title: 'Forecast',
  description: 'The forecast for a city.',
  argumentsSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  readOnly: true,
  run: ({ city }, scope: RequestScope) =>
    `Sunny in ${city}${supportsApps(scope) ? '' : ' (no view here)'}`,
});
const ShowForecast = withAppView(Forecast, Dashboard);

const Refresh = withAppView(
  defineTool({
    name: 'refresh',
    title: 'Refresh',
    description: 'Fetch the forecast again, for the dashboard.',
    argumentsSchema: { type: 'object' },
    run: () => 'refreshed',
  }),
  Dashboard,
  { visibility: ['app'] },
);

class WeatherServer extends MCPServerBase {
  readonly name = 'weather';
  override readonly tools = toolsByName(new ShowForecast(), new Refresh());
  override readonly resources = resourcesByUri(new Dashboard());
  override readonly apps = appsOn(this);
  serverInfo() {
    return { version: '1.0.0' };
  }
}

const FORECAST_META = {
  ui: { resourceUri: 'ui://weather/dashboard' },
  'ui/resourceUri': 'ui://weather/dashboard',
};
const REFRESH_META = {
  ui: { resourceUri: 'ui://weather/dashboard', visibility: ['app'] },
  'ui/resourceUri': 'ui://weather/dashboard',
};
const VIEW_LISTED = {
  uri: 'ui://weather/dashboard',
  name: 'dashboard',
  title: 'Weather dashboard',
  mimeType: 'text/html;profile=mcp-app',
};
const VIEW_CONTENTS = [
  {
    uri: 'ui://weather/dashboard',
    mimeType: 'text/html;profile=mcp-app',
    text: HTML,
    _meta: {
      ui: {
        csp: { connectDomains: ['https://api.weather.example'] },
        permissions: { geolocation: {} },
        prefersBorder: true,
      },
    },
  },
];
const UI_CAPABILITIES = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [APP_VIEW_MIME_TYPE] } },
};

const apps = suite('MCP Apps');

apps(
  'a 2026-07-28 client: the tool with _meta.ui, the view, and the extension in discover',
  async () => {
    const mcp = new TestClient(new WeatherServer(), {
      protocolVersion: '2026-07-28',
      clientCapabilities: UI_CAPABILITIES,
    });
    const tools = await mcp.listTools();
    assert.equal(
      tools.map((tool) => tool._meta),
      [FORECAST_META, REFRESH_META],
    );
    assert.equal(await mcp.listResources(), [VIEW_LISTED]);
    assert.equal((await mcp.readResource('ui://weather/dashboard')).contents, VIEW_CONTENTS);
    const discovered = (await mcp.discover()) as { capabilities: Record<string, unknown> };
    assert.equal(discovered.capabilities.extensions, { 'io.modelcontextprotocol/ui': {} });
    // The client declares the extension per request: the tool knows it will be shown.
    assert.equal((await mcp.callTool('forecast', { city: 'Lyon' })).content, [
      { type: 'text', text: 'Sunny in Lyon' },
    ]);
  },
);

apps(
  'a client that does not declare apps gets the same list, and the tool still answers',
  async () => {
    const mcp = new TestClient(new WeatherServer(), { protocolVersion: '2026-07-28' });
    assert.equal(
      (await mcp.listTools()).map((tool) => tool._meta),
      [FORECAST_META, REFRESH_META],
    );
    const called = await mcp.callTool('forecast', { city: 'Lyon' });
    assert.equal(called.content, [{ type: 'text', text: 'Sunny in Lyon (no view here)' }]);
    assert.not.ok(called.isError);
  },
);

apps('handshake era: _meta.ui from 2025-06-18, none before; no discover', async () => {
  const current = new TestClient(new WeatherServer(), { protocolVersion: '2025-11-25' });
  assert.equal(
    (await current.listTools()).map((tool) => tool._meta),
    [FORECAST_META, REFRESH_META],
  );
  assert.equal((await current.readResource('ui://weather/dashboard')).contents, VIEW_CONTENTS);
  const initialized = await current.initialize();
  assert.not.ok('extensions' in (initialized.capabilities as object));
  // 2024-11-05 defines no _meta on a tool or a resource's contents: a plain tool and HTML.
  const old = new TestClient(new WeatherServer(), { protocolVersion: '2024-11-05' });
  assert.equal(
    (await old.listTools()).map((tool) => tool._meta),
    [undefined, undefined],
  );
  const [contents] = (await old.readResource('ui://weather/dashboard')).contents;
  assert.equal(contents, {
    uri: 'ui://weather/dashboard',
    mimeType: APP_VIEW_MIME_TYPE,
    text: HTML,
  });
  assert.equal((await old.callTool('forecast', { city: 'Oslo' })).content, [
    { type: 'text', text: 'Sunny in Oslo (no view here)' },
  ]);
});

apps('a server without apps declares no extension', async () => {
  class Plain extends MCPServerBase {
    readonly name = 'plain';
    override readonly tools = toolsByName(new Forecast());
    serverInfo() {
      return { version: '1.0.0' };
    }
  }
  const mcp = new TestClient(new Plain(), { protocolVersion: '2026-07-28' });
  const discovered = (await mcp.discover()) as { capabilities: Record<string, unknown> };
  assert.is(discovered.capabilities.extensions, undefined);
  assert.is((await mcp.listTools())[0]?._meta, undefined);
});

apps('a tool whose view the server does not serve is refused when the server is made', () => {
  class Forgetful extends MCPServerBase {
    readonly name = 'forgetful';
    override readonly tools = toolsByName(new ShowForecast());
    override readonly apps = appsOn(this);
    serverInfo() {
      return { version: '1.0.0' };
    }
  }
  assert.throws(
    () => new Forgetful(),
    (error: Error) =>
      error instanceof TypeError &&
      error.message ===
        'forecast shows the app view ui://weather/dashboard, which Forgetful does not serve: add the view to its resources (resourcesByUri).',
  );
});

apps('a view and a tool are checked where they are defined', () => {
  const refused = (define: () => unknown, message: string) =>
    assert.throws(
      define,
      (error: Error) => error instanceof TypeError && error.message === message,
    );
  refused(
    () => defineAppView({ uri: 'https://x' as `ui://${string}`, name: 'x', html: HTML }),
    "x: an app view's uri starts with ui://, not https://x",
  );
  refused(
    () => defineAppView({ uri: 'ui://x', name: 'x', html: '' }),
    "ui://x: html must be the view's HTML document, or a function that writes it",
  );
  refused(
    () =>
      defineAppView({
        uri: 'ui://x',
        name: 'x',
        html: HTML,
        csp: { connectDomains: 'https://a' as unknown as string[] },
      }),
    'ui://x: csp.connectDomains must be an array of origins',
  );
  refused(
    () =>
      defineAppView({
        uri: 'ui://x',
        name: 'x',
        html: HTML,
        permissions: { usb: true } as never,
      }),
    'ui://x: permissions.usb is not one of camera, microphone, geolocation, clipboardWrite',
  );
  const Plain = defineAppView({ uri: 'ui://plain', name: 'plain', html: HTML });
  refused(
    () => withAppView(Forecast, { uri: 'ui://weather/dashboard' } as never),
    'Defined: its view must be a class made by defineAppView()',
  );
  refused(
    () => withAppView(Forecast, Plain, { visibility: [] }),
    'Defined: visibility is a non-empty list of "model" and "app"',
  );
  refused(
    () => withAppView(Forecast, Plain, { visibility: ['user' as never] }),
    'Defined: visibility is a non-empty list of "model" and "app"',
  );
});

apps('a view written per request', async () => {
  const Live = defineAppView({
    uri: 'ui://live',
    name: 'live',
    html: async (scope) => `<!doctype html><p>${scope.era}</p>`,
  });
  class LiveServer extends MCPServerBase {
    readonly name = 'live';
    override readonly resources = resourcesByUri(new Live());
    serverInfo() {
      return { version: '1.0.0' };
    }
  }
  const mcp = new TestClient(new LiveServer(), { protocolVersion: '2026-07-28' });
  assert.equal((await mcp.readResource('ui://live')).contents, [
    { uri: 'ui://live', mimeType: APP_VIEW_MIME_TYPE, text: '<!doctype html><p>modern</p>' },
  ]);
});

apps.run();

const clients = suite<{ server: Server; url: string }>('MCP Apps, with the official clients', {
  server: undefined as never,
  url: '',
});

clients.before(async (context) => {
  context.server = createServer(nodeListener(createHttpHandler(() => new WeatherServer())));
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  context.url = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}/mcp`;
});

clients.after(async ({ server }) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface AnyClient {
  listTools(): Promise<{ tools: { name: string; _meta?: Record<string, unknown> }[] }>;
  listResources(): Promise<{ resources: unknown[] }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}

async function exercise(client: AnyClient, text: string) {
  const { tools } = await client.listTools();
  assert.equal(
    tools.map((tool) => tool._meta),
    [FORECAST_META, REFRESH_META],
  );
  // The ext-apps package's own reading of a tool's view, as a host reads it.
  assert.is(getToolUiResourceUri(tools[0] as never), 'ui://weather/dashboard');
  assert.equal((await client.listResources()).resources, [VIEW_LISTED]);
  assert.equal(
    (await client.readResource({ uri: 'ui://weather/dashboard' })).contents,
    VIEW_CONTENTS,
  );
  const called = (await client.callTool({ name: 'forecast', arguments: { city: 'Lyon' } })) as {
    content: unknown;
  };
  assert.equal(called.content, [{ type: 'text', text }]);
}

clients('the SDK 1.x client, in the handshake era', async ({ url }) => {
  const client = new Client({ name: 'apps-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    await exercise(client as unknown as AnyClient, 'Sunny in Lyon (no view here)');
  } finally {
    await client.close();
  }
});

clients('the 2.x client, pinned to 2026-07-28, declaring apps', async ({ url }) => {
  const client = new ModernClient(
    { name: 'apps-test', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: UI_CAPABILITIES as never,
    },
  );
  await client.connect(new ModernTransport(new URL(url)));
  try {
    await exercise(client as unknown as AnyClient, 'Sunny in Lyon');
  } finally {
    await client.close();
  }
});

clients.run();
