// The two signals: what they carry, when they are sent, and that a receiver never breaks an answer.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  mcpserverCalled,
  mcpserverToolCalled,
  type ServerCalled,
  Signal,
  type ToolCalled,
} from '../src/index.js';
import { call, request, TestServer } from './fixtures.js';

function record<T>(signal: Signal<T>) {
  const seen: T[] = [];
  const disconnect = signal.connect((payload) => seen.push(payload));
  return { seen, disconnect };
}

const signal = suite('Signal');

signal('silent until connected; connect returns a disconnect that can be called twice', () => {
  const ping = new Signal<number>('ping');
  assert.is(ping.connected, false);
  assert.equal(ping.send(1), []);
  const { seen, disconnect } = record(ping);
  assert.is(ping.connected, true);
  ping.send(2);
  disconnect();
  disconnect();
  ping.send(3);
  assert.equal(seen, [2]);
  assert.is(ping.connected, false);
  assert.is(ping.name, 'ping');
});

signal('receivers run in order; one that throws does not stop the others', () => {
  const ping = new Signal<string>('ping');
  const order: string[] = [];
  const offA = ping.connect((value) => order.push(`a:${value}`));
  const offB = ping.connect(() => {
    throw new Error('receiver b broke');
  });
  const offC = ping.connect((value) => order.push(`c:${value}`));
  const errors = ping.send('x');
  assert.equal(order, ['a:x', 'c:x']);
  assert.is(errors.length, 1);
  assert.is((errors[0] as Error).message, 'receiver b broke');
  for (const off of [offA, offB, offC]) off();
});

signal('a receiver that disconnects while the signal is sent does not skip the next one', () => {
  const ping = new Signal<number>('ping');
  const seen: string[] = [];
  const offA = ping.connect(() => {
    seen.push('a');
    offA();
  });
  const offB = ping.connect(() => seen.push('b'));
  ping.send(1);
  ping.send(2);
  assert.equal(seen, ['a', 'b', 'b']);
  offB();
});

signal('the same receiver connected twice runs twice, and each disconnect removes one', () => {
  const ping = new Signal<number>('ping');
  let count = 0;
  const receiver = () => count++;
  const off1 = ping.connect(receiver);
  const off2 = ping.connect(receiver);
  ping.send(1);
  off1();
  ping.send(2);
  off2();
  ping.send(3);
  assert.is(count, 3);
});

signal.run();

const called = suite('mcpserverCalled');

called('is sent for every request and notification a server accepts', async () => {
  const { seen, disconnect } = record<ServerCalled>(mcpserverCalled);
  const server = new TestServer();
  await server.handle(request(1, 'tools/list'));
  await server.handle({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await server.handle(request('x', 'nope', { a: 1 }));
  await server.handle([
    request(2, 'ping'),
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
  ]);
  disconnect();
  const handshake = { era: 'handshake', protocolVersion: undefined, clientInfo: undefined };
  assert.equal(seen, [
    { server: 'test-server', method: 'tools/list', id: 1, params: undefined, ...handshake },
    {
      server: 'test-server',
      method: 'notifications/initialized',
      id: undefined,
      params: undefined,
      ...handshake,
    },
    { server: 'test-server', method: 'nope', id: 'x', params: { a: 1 }, ...handshake },
    { server: 'test-server', method: 'ping', id: 2, params: undefined, ...handshake },
    {
      server: 'test-server',
      method: 'notifications/cancelled',
      id: undefined,
      params: { requestId: 1 },
      ...handshake,
    },
  ]);
});

called('is not sent for a message that is not valid', async () => {
  const { seen, disconnect } = record<ServerCalled>(mcpserverCalled);
  const server = new TestServer();
  await server.handle({ jsonrpc: '2.0', id: null, method: 'ping' });
  await server.handle({ jsonrpc: '1.0', method: 'notifications/initialized' });
  await server.handle({ jsonrpc: '2.0', id: 1, result: {} });
  await server.handle([]);
  disconnect();
  assert.equal(seen, []);
});

called('a receiver that throws changes no answer; its error goes to the logger', async () => {
  const off = mcpserverCalled.connect(() => {
    throw new Error('receiver failed');
  });
  const server = new TestServer();
  const answer = await server.handle(request(1, 'ping'));
  await server.handle({ jsonrpc: '2.0', method: 'notifications/initialized' });
  off();
  assert.equal(answer, { jsonrpc: '2.0', id: 1, result: {} });
  assert.equal(
    server.logged.map(({ error, context }) => [context, (error as Error).message]),
    [
      ['a signal receiver failed', 'receiver failed'],
      ['a signal receiver failed', 'receiver failed'],
    ],
  );
});

called.run();

const toolCalled = suite('mcpserverToolCalled');

toolCalled('is sent after every tool call, with its outcome and duration', async () => {
  const { seen, disconnect } = record<ToolCalled>(mcpserverToolCalled);
  const server = new TestServer();
  await server.handle(call(1, 'search_logs', { query: 'boot' }));
  await server.handle(call(2, 'search_logs', { limit: 0 }));
  await server.handle(call(3, 'fail', { how: 'tool' }));
  await server.handle(call(4, 'fail', { how: 'crash' }));
  await server.handle(call(5, 'nope', {}));
  disconnect();
  for (const event of seen) {
    assert.type(event.durationMs, 'number');
    assert.ok(event.durationMs >= 0);
  }
  const summary = seen.map(
    ({ durationMs: _, era, protocolVersion, clientInfo, error, ...rest }) => ({
      ...rest,
      error: error === undefined ? undefined : (error as Error).message,
      handshake: era === 'handshake' && protocolVersion === undefined && clientInfo === undefined,
    }),
  );
  assert.equal(summary, [
    {
      server: 'test-server',
      tool: 'search_logs',
      arguments: { query: 'boot' },
      outcome: 'success',
      error: undefined,
      handshake: true,
    },
    {
      server: 'test-server',
      tool: 'search_logs',
      arguments: { limit: 0 },
      outcome: 'invalid-arguments',
      error: 'invalid arguments for search_logs: query: is required; limit: must be >= 1',
      handshake: true,
    },
    {
      server: 'test-server',
      tool: 'fail',
      arguments: { how: 'tool' },
      outcome: 'tool-error',
      error: 'the disk is full; try a smaller limit',
      handshake: true,
    },
    {
      server: 'test-server',
      tool: 'fail',
      arguments: { how: 'crash' },
      outcome: 'internal-error',
      error: 'secret detail: /srv/app/db.ts line 12',
      handshake: true,
    },
  ]);
});

toolCalled('a receiver that throws changes no tool result', async () => {
  const off = mcpserverToolCalled.connect(() => {
    throw new Error('tool receiver failed');
  });
  const server = new TestServer();
  const answer = await server.handle(call(1, 'search_logs', { query: 'boot' }));
  off();
  assert.equal(answer, {
    jsonrpc: '2.0',
    id: 1,
    result: { content: [{ type: 'text', text: 'info boot' }] },
  });
  assert.equal(
    server.logged.map(({ context }) => context),
    ['a signal receiver failed'],
  );
});

toolCalled.run();
