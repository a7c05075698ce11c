// A whole MCP 2026-07-28 conversation with the demo, in plain fetch: no SDK, no handshake, no
// session. Every request carries its version and capabilities in `_meta`, and headers that
// mirror its body. `npm run example:modern` (starts the demo itself), or set MCP_URL to a running
// demo's /mcp.
import { startDemo } from './demo/main.js';

const VERSION = '2026-07-28';
let nextId = 1;

async function mcp(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': VERSION,
    'mcp-method': method,
    ...extra,
  };
  if (method === 'tools/call') headers['mcp-name'] = String(params.name);
  const body = {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': VERSION,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'modern-client', version: '1.0.0' },
      },
    },
  };
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = await response.json();
  console.log(
    `→ ${method} ${JSON.stringify(params)}\n← ${response.status} ${JSON.stringify(answer)}\n`,
  );
  return answer;
}

const demo = process.env.MCP_URL === undefined ? await startDemo({ port: 0 }) : undefined;
const url = process.env.MCP_URL ?? `${demo?.base}/mcp`;

// What does the server speak? (Optional: a client may just send its requests.)
await mcp(url, 'server/discover');
// Its tools, with how long the list may be cached.
await mcp(url, 'tools/list');
// A call, and a call the LLM got wrong: a result it can read and correct.
await mcp(url, 'tools/call', { name: 'read_blog', arguments: { limit: 1 } });
await mcp(url, 'tools/call', { name: 'search_documents', arguments: { query: 'x' } });
// What 2026-07-28 removed, and what it refuses: 404 for ping, 400 for a header that lies.
await mcp(url, 'ping');
await mcp(url, 'tools/list', {}, { 'mcp-method': 'tools/call' });

await demo?.close();
