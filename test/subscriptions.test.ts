// subscriptions/listen (2026-07-28) and changes announced over the bus, through handle() and its
// sink: the acknowledgement first with what the server honours, the subscription id on every
// frame, changes delivered in every process and only to whom may see them, the listen's ends
// (close, a lost bus, a client gone), its limits, and forged messages on the bus.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Bus, changesOn, memoryBus } from '../src/index.js';
import { ListenServer, listenRequest, META, open, turns, watchedBus } from './listen-helpers.js';

const SUB = 'io.modelcontextprotocol/subscriptionId';

const test = suite('subscriptions/listen');

test('without changes: listen is not found (404) and discover declares no listChanged', async () => {
  const server = new ListenServer();
  const answer = (await server.handle(listenRequest(1, { toolsListChanged: true }))) as any;
  assert.is(answer.error.code, -32601);
  const discover = (await server.handle({
    jsonrpc: '2.0',
    id: 2,
    method: 'server/discover',
    params: { _meta: META },
  })) as any;
  assert.equal(discover.result.capabilities.tools, {});
  assert.equal(discover.result.capabilities.resources, {});
});

test('with changes: discover declares listChanged and subscribe; initialize does not', async () => {
  const server = new ListenServer(changesOn(memoryBus()));
  const discover = (await server.handle({
    jsonrpc: '2.0',
    id: 1,
    method: 'server/discover',
    params: { _meta: META },
  })) as any;
  assert.equal(discover.result.capabilities.tools, { listChanged: true });
  assert.equal(discover.result.capabilities.resources, { subscribe: true, listChanged: true });
  assert.is(discover.result.capabilities.prompts, undefined);
  const init = (await server.handle({
    jsonrpc: '2.0',
    id: 2,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    },
  })) as any;
  assert.equal(init.result.capabilities.tools, {});
  // The handshake era has no listen.
  const old = (await server.handle({
    jsonrpc: '2.0',
    id: 3,
    method: 'subscriptions/listen',
    params: { notifications: {} },
  })) as any;
  assert.is(old.error.code, -32601);
});

test('the first frame acknowledges what is honoured; every frame carries the subscription id', async () => {
  const changes = changesOn(memoryBus());
  const server = new ListenServer(changes);
  const listen = open(server, 'l1', {
    toolsListChanged: true,
    promptsListChanged: true, // no prompts: not declared, not honoured
    resourcesListChanged: true,
    resourceSubscriptions: ['note:///readme', 'note:///secret', 'note:///drafts/7', 'note:///none'],
  });
  await turns();
  assert.is(listen.frames.length, 1);
  assert.equal(listen.frames[0], {
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: {
      notifications: {
        toolsListChanged: true,
        resourcesListChanged: true,
        resourceSubscriptions: ['note:///readme', 'note:///drafts/7'],
      },
      _meta: { [SUB]: 'l1' },
    },
  });
  await changes.promptsChanged();
  await changes.resourceUpdated('note:///secret');
  await changes.resourceUpdated('note:///other');
  await changes.toolsChanged();
  await changes.resourceUpdated('note:///drafts/7');
  await changes.resourcesChanged();
  await turns();
  assert.equal(
    listen.frames.slice(1).map((frame) => [frame.method, frame.params]),
    [
      ['notifications/tools/list_changed', { _meta: { [SUB]: 'l1' } }],
      ['notifications/resources/updated', { uri: 'note:///drafts/7', _meta: { [SUB]: 'l1' } }],
      ['notifications/resources/list_changed', { _meta: { [SUB]: 'l1' } }],
    ],
  );
  await changes.close();
  const answer = await listen.answer;
  assert.equal(answer?.result.resultType, 'complete');
  assert.equal(answer?.result._meta[SUB], 'l1');
  assert.is(changes.listening, 0);
});

test('a listener whose principal lacks a resource scope is not subscribed; one granted it is', async () => {
  const changes = changesOn(memoryBus());
  const server = new ListenServer(changes);
  const without = open(server, 1, { resourceSubscriptions: ['note:///secret'] });
  const granted = open(server, 2, { resourceSubscriptions: ['note:///secret'] }, ['notes:secret']);
  await turns();
  assert.equal(without.frames[0]?.params?.notifications, { resourceSubscriptions: [] });
  assert.equal(granted.frames[0]?.params?.notifications, {
    resourceSubscriptions: ['note:///secret'],
  });
  await changes.resourceUpdated('note:///secret');
  await turns();
  assert.is(without.frames.length, 1);
  assert.is(granted.frames.length, 2);
  assert.is(granted.frames[1]?.params?.uri, 'note:///secret');
  await changes.close();
});

test('a change announced in one process reaches the listeners of another; one bus subscription per process', async () => {
  const shared = memoryBus();
  const here = watchedBus(shared);
  const there = changesOn(shared);
  const changes = changesOn(here.bus);
  const server = new ListenServer(changes);
  const listens = [1, 2, 3].map((id) => open(server, id, { toolsListChanged: true }));
  await turns();
  assert.is(here.subscriptions, 1);
  assert.is(changes.listening, 3);
  await there.toolsChanged();
  await turns();
  for (const listen of listens) {
    assert.is(listen.frames.length, 2);
    assert.is(listen.frames[1]?.method, 'notifications/tools/list_changed');
  }
  await changes.close();
});

test('two servers on one bus, each on its own channel, do not hear each other', async () => {
  const bus = memoryBus();
  const one = changesOn(bus, { channel: 'one:changes' });
  const two = changesOn(bus, { channel: 'two:changes' });
  const listen = open(new ListenServer(one), 1, { toolsListChanged: true });
  await turns();
  await two.toolsChanged();
  await turns();
  assert.is(listen.frames.length, 1);
  await one.toolsChanged();
  await turns();
  assert.is(listen.frames.length, 2);
  await one.close();
});

test('a tool announces a change from its request: scope.server.changes', async () => {
  const changes = changesOn(memoryBus());
  const listen = open(new ListenServer(changes), 'l', {
    resourceSubscriptions: ['note:///drafts/9'],
  });
  await turns();
  const called = (await new ListenServer(changes).handle({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { _meta: META, name: 'rewrite', arguments: { id: 'drafts/9' } },
  })) as any;
  assert.is(called.result.content[0].text, 'rewritten');
  await turns();
  assert.is(listen.frames[1]?.method, 'notifications/resources/updated');
  assert.is(listen.frames[1]?.params?.uri, 'note:///drafts/9');
  await changes.close();
});

test('methodTimeoutMs does not cut a listen; close() ends it gracefully and refuses new ones', async () => {
  const changes = changesOn(memoryBus());
  const server = new ListenServer(changes);
  const listen = open(server, 7, { toolsListChanged: true });
  await new Promise((resolve) => setTimeout(resolve, 150)); // three times methodTimeoutMs
  assert.is(changes.listening, 1);
  await changes.close();
  const answer = await listen.answer;
  assert.equal(answer?.result.resultType, 'complete');
  const late = open(server, 8, { toolsListChanged: true });
  const refused = await late.answer;
  assert.is(refused?.error.code, -32603);
  assert.match(refused?.error.message, /shutting down/);
  assert.is(late.frames.length, 0);
});

test('a client that goes away ends its listen and frees it', async () => {
  const changes = changesOn(memoryBus());
  const server = new ListenServer(changes);
  const listen = open(server, 1, { toolsListChanged: true });
  await turns();
  assert.is(changes.listening, 1);
  listen.gone.abort();
  assert.is(await listen.answer, undefined);
  assert.is(changes.listening, 0);
  await changes.toolsChanged();
  await turns();
  assert.is(listen.frames.length, 1);
});

test('a lost bus ends every listener with an error, and the next listen subscribes again', async () => {
  const watched = watchedBus();
  const changes = changesOn(watched.bus);
  const server = new ListenServer(changes);
  const listens = [open(server, 1, { toolsListChanged: true }), open(server, 2, {})];
  await turns();
  const logged = console.error;
  console.error = () => {};
  try {
    watched.lose();
  } finally {
    console.error = logged;
  }
  for (const listen of listens) {
    const answer = await listen.answer;
    assert.is(answer?.error.code, -32603);
    assert.match(answer?.error.message, /listen again/);
  }
  assert.is(changes.listening, 0);
  const again = open(server, 3, { toolsListChanged: true });
  await turns();
  assert.is(watched.subscriptions, 2);
  await changes.toolsChanged();
  await turns();
  assert.is(again.frames.length, 2);
  await changes.close();
});

test('a bus that cannot subscribe refuses the listen before its stream, 503', async () => {
  const bus: Bus = {
    publish: () => Promise.resolve(),
    subscribe: () => Promise.reject(new Error('ECONNREFUSED')),
  };
  const server = new ListenServer(changesOn(bus));
  const logged: unknown[] = [];
  server.logError = (error) => logged.push(error);
  const listen = open(server, 1, { toolsListChanged: true });
  const answer = await listen.answer;
  assert.is(answer?.error.code, -32603);
  assert.is(answer?.status, undefined); // the status travels beside the body
  assert.is(listen.frames.length, 0);
  assert.is(logged.length, 1);
});

test('without an event stream to answer on, a clear error (406)', async () => {
  const server = new ListenServer(changesOn(memoryBus()));
  const answer = (await server.handle(listenRequest(1, { toolsListChanged: true }))) as any;
  assert.is(answer.error.code, -32600);
  assert.match(answer.error.message, /text\/event-stream/);
});

test('a filter that is not one is refused -32602 before any frame', async () => {
  const server = new ListenServer(changesOn(memoryBus()));
  for (const notifications of [
    undefined,
    [],
    { toolsListChanged: 'yes' },
    { resourceSubscriptions: 'note:///readme' },
    { resourceSubscriptions: [1] },
    { resourceSubscriptions: ['x'.repeat(5000)] },
    { resourceSubscriptions: Array.from({ length: 257 }, (_, i) => `note:///drafts/${i}`) },
  ]) {
    const listen = open(server, 1, notifications);
    const answer = await listen.answer;
    assert.is(answer?.error.code, -32602, JSON.stringify(notifications)?.slice(0, 80));
    assert.is(listen.frames.length, 0);
  }
});

test('taskIds without the Tasks extension declared: -32021 before any frame', async () => {
  const server = new ListenServer(changesOn(memoryBus()));
  const listen = open(server, 1, { taskIds: ['tsk_1'] });
  const answer = await listen.answer;
  assert.is(answer?.error.code, -32021);
  assert.equal(answer?.error.data, {
    requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
  });
  assert.is(listen.frames.length, 0);
});

test('past maxListenersPerPrincipal, a clear error before any frame; other principals go on', async () => {
  const changes = changesOn(memoryBus(), { maxListenersPerPrincipal: 2 });
  const alice = new ListenServer(changes, 'alice');
  const held = [open(alice, 1, {}), open(alice, 2, {})];
  await turns();
  const third = open(alice, 3, {});
  const refused = await third.answer;
  assert.is(refused?.error.code, -32600);
  assert.match(refused?.error.message, /at most 2/);
  assert.is(third.frames.length, 0);
  const bob = open(new ListenServer(changes, 'bob'), 4, {});
  await turns();
  assert.is(bob.frames.length, 1);
  held[0]!.gone.abort();
  await held[0]!.answer;
  const again = open(alice, 5, {});
  await turns();
  assert.is(again.frames.length, 1);
  await changes.close();
});

test('forged messages on the bus are ignored: not JSON, wrong shape, unknown type, huge', async () => {
  const bus = memoryBus();
  const changes = changesOn(bus);
  const listen = open(new ListenServer(changes), 1, {
    toolsListChanged: true,
    resourceSubscriptions: ['note:///readme'],
  });
  await turns();
  for (const forged of [
    'not json',
    '[1,2]',
    'null',
    '"tools"',
    '{"type":"constructor"}',
    '{"type":"__proto__"}',
    '{"type":"toString"}',
    '{"type":"tasks"}',
    '{"type":"resource"}',
    '{"type":"resource","uri":42}',
    '{"type":"resource","uri":"note:///secret"}',
    `{"type":"resource","uri":"note:///readme","pad":"${'x'.repeat(1_000_000)}"}`,
    '{"type":"tools","_meta":{"io.modelcontextprotocol/subscriptionId":"other"}}'.replace(
      'tools',
      'Tools',
    ),
  ]) {
    await bus.publish('changes', forged);
  }
  await turns();
  assert.is(listen.frames.length, 1);
  await bus.publish('changes', '{"type":"tools","extra":{"jsonrpc":"x"}}');
  await turns();
  assert.is(listen.frames.length, 2);
  assert.equal(listen.frames[1]?.params, { _meta: { [SUB]: 1 } });
  assert.throws(() => changes.resourceUpdated(''), /non-empty string/);
  await changes.close();
});

test('changesOn refuses what is not a bus, and limits that are not positive integers', () => {
  assert.throws(() => changesOn({} as Bus), /must be a Bus/);
  assert.throws(() => changesOn(memoryBus(), { maxListenersPerPrincipal: 0 }), /positive integer/);
  assert.throws(() => changesOn(memoryBus(), { maxSubscriptions: 1.5 }), /positive integer/);
});

test.run();
