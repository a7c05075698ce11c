// notifications/cancelled in 2026-07-28: over stdio it is the only way to cancel (there is no
// stream to close), and it cancels only its own caller's request.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { defineTool, MCPServerBase, META, toolsByName } from '../src/index.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const MODERN = { [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: {} };
const line = (message: unknown) => `${JSON.stringify(message)}\n`;

const cancellation = suite('notifications/cancelled, 2026-07-28');

cancellation(
  'over stdio: the call its client cancels stops (its signal aborts), and is not answered',
  async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/stdio-cancel-server.ts'], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    // Resolves when stderr has said `text`; fails the test after 10 s rather than hang it.
    const said = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const late = setTimeout(
          () => reject(new Error(`stderr never said "${text}": ${stderr}`)),
          10_000,
        );
        const check = () => {
          if (!stderr.includes(text)) return;
          clearTimeout(late);
          child.stderr.off('data', read);
          resolve();
        };
        const read = (chunk: Buffer) => {
          stderr += chunk;
          check();
        };
        child.stderr.on('data', read);
        check();
      });
    const exited = once(child, 'exit');
    try {
      child.stdin.write(
        line({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'wait', arguments: {}, _meta: MODERN },
        }),
      );
      await said('waiting');
      child.stdin.write(
        line({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: 1, reason: 'The user pressed stop.' },
        }),
      );
      await said('aborted: cancelled');
      child.stdin.end(line({ jsonrpc: '2.0', id: 2, method: 'ping' }));
      assert.equal(await exited, [0, null]);
      // The ping's answer alone: none for the cancelled call, though its tool then returned.
      assert.equal(
        stdout
          .split('\n')
          .filter(Boolean)
          .map((text) => JSON.parse(text)),
        [{ jsonrpc: '2.0', id: 2, result: {} }],
      );
    } finally {
      child.kill();
    }
  },
);

const Wait = defineTool({
  name: 'wait',
  title: 'Wait',
  description: 'Waits until it is released or stopped.',
  argumentsSchema: { type: 'object' },
  run: (_args, scope) =>
    new Promise<string>((resolve) => {
      release = () => resolve('released');
      scope.signal.addEventListener('abort', () => resolve('stopped'));
      started();
    }),
});
// The call under way: released by the test, or stopped.
let release = () => {};
let started = () => {};
const running = () =>
  new Promise<void>((resolve) => {
    started = resolve;
  });

class WaitServer extends MCPServerBase {
  readonly name = 'wait';
  override readonly tools = toolsByName(new Wait());
  serverInfo() {
    return { name: 'wait', version: '1' };
  }
  override instructions() {
    return '';
  }
}

cancellation('a notification cancels only its own caller’s request', async () => {
  const server = new WaitServer();
  let run = running();
  const answer = server.handle(
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'wait', arguments: {}, _meta: MODERN },
    },
    { caller: 'alice' },
  );
  await run;
  const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } };
  // Another caller, or none, with the same id: ignored.
  assert.is(await server.handle(cancel, { caller: 'mallory' }), undefined);
  assert.is(await server.handle(cancel), undefined);
  release();
  assert.equal(await answer, {
    jsonrpc: '2.0',
    id: 1,
    result: {
      resultType: 'complete',
      content: [{ type: 'text', text: 'released' }],
      _meta: { [META.serverInfo]: { name: 'wait', version: '1' } },
    },
  });
  // Its own caller: no answer.
  run = running();
  const again = server.handle(
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'wait', arguments: {}, _meta: MODERN },
    },
    { caller: 'alice' },
  );
  await run;
  await server.handle({ ...cancel, params: { requestId: 1, _meta: MODERN } }, { caller: 'alice' });
  assert.is(await again, undefined);
});

cancellation.run();
