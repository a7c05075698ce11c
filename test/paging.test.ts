// Lists that page: opaque cursors that any server instance continues, and that no other list, no
// edit and no server without pages accepts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TestClient } from '../src/testing.js';
import { request, TestServer } from './fixtures.js';

class PagedServer extends TestServer {
  override readonly pageSize: number = 3;
}

type Page = { result: { tools: { name: string }[]; nextCursor?: string } };
type Failure = { error: { code: number; message: string } };

const list = async (server: TestServer, cursor?: string) =>
  (await server.handle(
    request(1, 'tools/list', cursor === undefined ? {} : { cursor }),
  )) as unknown as Page & Failure;

const paging = suite('paging');

paging('pages of pageSize, each continued by a new server, until the last', async () => {
  const all = (await list(new TestServer())).result.tools.map((tool) => tool.name);
  assert.ok(all.length > 3, 'the fixture has more tools than a page');
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const { result } = await list(new PagedServer(), cursor);
    assert.ok(result.tools.length <= 3 && result.tools.length > 0);
    seen.push(...result.tools.map((tool) => tool.name));
    cursor = result.nextCursor;
    pages++;
  } while (cursor !== undefined);
  assert.equal(seen, all);
  assert.is(pages, Math.ceil(all.length / 3));
});

paging('the test client lists every page, in both eras', async () => {
  const all = await new TestClient(new TestServer()).listTools();
  for (const protocolVersion of ['2025-11-25', '2026-07-28']) {
    const client = new TestClient(() => new PagedServer(), { protocolVersion });
    assert.equal(await client.listTools(), all);
  }
});

paging('a cursor edited, of another list, or made up is -32602', async () => {
  const { nextCursor } = (await list(new PagedServer())).result;
  const decoded = atob(nextCursor!);
  const forged = [
    btoa(decoded.replace(/^3/, '2')), // another offset, same check
    btoa(decoded.replace('.tools.', '.prompts.')), // another list
    `${nextCursor}x`,
    'p2',
    '',
  ];
  for (const cursor of forged) {
    const answer = await list(new PagedServer(), cursor);
    assert.equal(answer.error, { code: -32602, message: 'Invalid cursor.' }, cursor);
  }
  const notString = (await new PagedServer().handle(
    request(2, 'tools/list', { cursor: 3 }),
  )) as unknown as Failure;
  assert.is(notString.error.code, -32602);
});

paging('a server without pages hands out no cursor and takes none', async () => {
  const { nextCursor } = (await list(new PagedServer())).result;
  assert.is((await list(new TestServer())).result.nextCursor, undefined);
  assert.equal((await list(new TestServer(), nextCursor)).error, {
    code: -32602,
    message: 'Invalid cursor.',
  });
});

paging('a page size that is not an integer of at least 1 is the server class named', async () => {
  for (const pageSize of [0, 1.5, -1]) {
    class Broken extends TestServer {
      override readonly pageSize = pageSize;
    }
    const logged: unknown[] = [];
    const server = new Broken();
    server.logError = (error) => logged.push(error);
    assert.is((await list(server)).error.code, -32603);
    assert.match(String(logged[0]), /Broken: pageSize must be an integer of at least 1/);
  }
});

paging.run();
