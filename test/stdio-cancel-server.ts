// A server over stdio for the cancellation test, run as a child process: its one tool waits until
// its signal aborts, and says on stderr when it starts and why it stopped.

import { serveStdio } from '../examples/adapters/stdio.js';
import { defineTool, MCPServerBase, toolsByName } from '../src/index.js';

const Wait = defineTool({
  name: 'wait',
  title: 'Wait',
  description: 'Waits until it is stopped.',
  argumentsSchema: { type: 'object' },
  run: (_args, scope) =>
    new Promise<string>((resolve) => {
      scope.signal.addEventListener('abort', () => {
        process.stderr.write(`aborted: ${String(scope.signal.reason)}\n`);
        resolve('stopped');
      });
      process.stderr.write('waiting\n');
    }),
});

class WaitServer extends MCPServerBase {
  readonly name = 'wait';
  override readonly tools = toolsByName(new Wait());
  // Without cancellation, the call would be answered as timed out after this.
  override readonly toolTimeoutMs = 3_000;
  serverInfo() {
    return { name: 'wait', version: '1' };
  }
  override instructions() {
    return '';
  }
}

await serveStdio(() => new WaitServer());
