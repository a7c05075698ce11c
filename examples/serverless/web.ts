// A web-standard function: a Request in, a Response out. As it is, this file is a Vercel function
// (api/mcp.ts) or a Next.js route handler (app/mcp/route.ts), and `export default { fetch }` is
// the shape Bun, Deno and Workers call too. Netlify Functions want the handler itself as the
// default export, with `export const config = { path: '/mcp' }`.
// ALLOWED_HOSTS (comma-separated): the hosts served, e.g. my-app.vercel.app; default localhost
// and 127.0.0.1 only.
import { createFetchHandler, LOCAL_HOSTS } from 'mcp-protocol-core/http';
import { GreetServer } from '../quickstart/server.js';

// Made once, at module scope: a warm instance reuses it for every request. ajv is loaded, and a
// tool's validator compiled, at the first call that needs one, not during the cold start.
const mcp = createFetchHandler(() => new GreetServer(), {
  allowedHosts: process.env['ALLOWED_HOSTS']?.split(',').map((host) => host.trim()) ?? LOCAL_HOSTS,
});

// One export per HTTP method (Vercel, Next.js): MCP is POST; the handler answers GET and DELETE
// with 405, as a stateless server must, rather than the platform with its own page.
export const POST = mcp;
export const GET = mcp;
export const DELETE = mcp;

export default { fetch: mcp };
