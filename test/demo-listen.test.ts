// The demo's listeners over real HTTP: the official 2.x client listens (subscriptions/listen,
// 2026-07-28) to the project server and hears write_note's resources/updated and list_changed,
// and the operations server's log, a resource announced on every request, is followed with raw
// fetch reading the SSE answer; closing the demo ends its listeners gracefully.
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startDemo } from '../examples/demo/main.js';

type Demo = Awaited<ReturnType<typeof startDemo>>;
const SUB = 'io.modelcontextprotocol/subscriptionId';

const demo = suite<{ demo: Demo }>('demo: listeners', { demo: undefined as never });

demo.before(async (context) => {
  context.demo = await startDemo({ port: 0, token: 'staff-secret' });
});

demo.after(async ({ demo }) => {
  await demo.close();
});

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

demo(
  'the 2.x client listens to the project server: resources/updated and list_changed',
  async ({ demo }) => {
    const client = new ModernClient(
      { name: 'demo-listen', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const heard: { method: string; params: any }[] = [];
    for (const method of [
      'notifications/resources/updated',
      'notifications/resources/list_changed',
      'notifications/tools/list_changed',
    ] as const) {
      client.setNotificationHandler(method, (notification) => {
        heard.push({ method: notification.method, params: notification.params });
      });
    }
    await client.connect(new ModernTransport(new URL(`${demo.base}/mcp`)));
    try {
      const capabilities = client.getServerCapabilities();
      assert.equal(capabilities?.resources, { subscribe: true, listChanged: true });
      assert.equal(capabilities?.tools, { listChanged: true });
      const uri = `repo://${demo.repository}/notes/listen-proof.md`;
      const subscription = await client.listen({
        resourcesListChanged: true,
        resourceSubscriptions: [uri, 'file:///etc/passwd'],
      });
      // A URI that no resource or template of the server has is not honoured.
      assert.equal(subscription.honoredFilter, {
        resourcesListChanged: true,
        resourceSubscriptions: [uri],
      });
      const wrote = await client.callTool({
        name: 'write_note',
        arguments: { name: 'listen-proof', text: '# A note\n' },
      });
      assert.match((wrote.content as { text: string }[])[0]!.text, /^Wrote /);
      await until(() => heard.length >= 2);
      assert.equal(
        heard.map(({ method, params }) => [method, params.uri, params._meta?.[SUB]]),
        [
          ['notifications/resources/updated', uri, heard[0]!.params._meta[SUB]],
          ['notifications/resources/list_changed', undefined, heard[0]!.params._meta[SUB]],
        ],
      );
      assert.type(heard[0]!.params._meta[SUB], 'string');
      // Rewritten: an update only, the list is the same.
      await client.callTool({
        name: 'write_note',
        arguments: { name: 'listen-proof', text: 'new' },
      });
      await until(() => heard.length >= 3);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(
        heard.slice(2).map(({ method }) => method),
        ['notifications/resources/updated'],
      );
      const read = await client.readResource({ uri }, { cacheMode: 'bypass' } as never);
      assert.is((read.contents[0] as { text: string }).text, 'new');
      await subscription.close();
      assert.is(await subscription.closed, 'local');
    } finally {
      await client.close();
    }
  },
);

demo(
  'the operations log is followed with raw fetch: an update for every request',
  async ({ demo }) => {
    const url = `${demo.base}/operations/mcp`;
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${demo.token}`,
      'mcp-protocol-version': '2026-07-28',
    };
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const gone = new AbortController();
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'mcp-method': 'subscriptions/listen' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'log',
        method: 'subscriptions/listen',
        params: { _meta: meta, notifications: { resourceSubscriptions: ['operations://log'] } },
      }),
      signal: gone.signal,
    });
    assert.is(response.status, 200);
    assert.is(response.headers.get('content-type'), 'text/event-stream');
    const events: any[] = [];
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const reading = (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += decoder.decode(chunk.value, { stream: true });
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          const data = /^data: (.*)$/m.exec(text.slice(0, end))?.[1];
          text = text.slice(end + 2);
          if (data !== undefined) events.push(JSON.parse(data));
        }
      }
    })().catch(() => {});
    await until(() => events.length >= 1);
    assert.is(events[0].method, 'notifications/subscriptions/acknowledged');
    assert.equal(events[0].params.notifications, { resourceSubscriptions: ['operations://log'] });
    const before = events.length;
    const ping = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'mcp-method': 'server/discover' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: { _meta: meta },
      }),
    });
    assert.is(ping.status, 200);
    await until(() => events.length > before);
    const update = events[before];
    assert.equal(update, {
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'operations://log', _meta: { [SUB]: 'log' } },
    });
    gone.abort();
    await reading;
  },
);

demo.run();
