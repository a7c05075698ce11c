// A port of 127.0.0.1 that no one listens on now, for a server a test starts.
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A free port of 127.0.0.1: bound, read and let go. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}
