// Raw 2026-07-28 requests of a client that declares the Tasks extension, for the tests that drive
// the demo's tasks over real HTTP (the official clients do not speak the extension yet): the
// routing headers (Mcp-Method; Mcp-Name, the tool's name or the taskId), and the protocol version
// and capabilities in _meta.
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const VERSION = '2026-07-28';
/** What the client declares: it can be asked (elicitation), and it polls tasks. */
export const WITH_TASKS = { elicitation: {}, extensions: { [TASKS_EXTENSION]: {} } };

/** An answer: its status, its JSON-RPC body, and nginx's X-Upstream when one answered. */
export interface Answer {
  status: number;
  body: any;
  /** The replica that answered last: nginx's X-Upstream lists each one it tried. */
  upstream: string;
  /** Its Content-Type. */
  contentType: string | null;
}

let nextId = 1;

/** What a request carries: its routing headers, and its version and capabilities in _meta. */
export interface RequestOptions {
  headers?: Record<string, string>;
  capabilities?: object;
}

/** The POST of one request, for fetch() or a Request. */
export function requestInit(
  method: string,
  params: Record<string, unknown>,
  { headers = {}, capabilities = WITH_TASKS }: RequestOptions = {},
): RequestInit {
  // What Mcp-Name carries: the task's id, the tool's or prompt's name, or the resource's URI.
  const named = params.taskId ?? params.name ?? params.uri;
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSION,
      'mcp-method': method,
      ...(typeof named === 'string' && { 'mcp-name': named }),
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: {
          ...(params._meta as object | undefined),
          'io.modelcontextprotocol/protocolVersion': VERSION,
          'io.modelcontextprotocol/clientCapabilities': capabilities,
        },
      },
    }),
  };
}

/** POST one request; an SSE answer is read to its last message. */
export async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: RequestOptions = {},
): Promise<Answer> {
  const response = await fetch(url, requestInit(method, params, options));
  const text = await response.text();
  const upstream = (response.headers.get('x-upstream') ?? '').split(', ').at(-1)!;
  const contentType = response.headers.get('content-type');
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const messages = text
      .split('\n\n')
      .filter((event) => event.startsWith('event: message\ndata: '))
      .map((event) => JSON.parse(event.slice('event: message\ndata: '.length)));
    return { status: response.status, body: messages.at(-1), upstream, contentType };
  }
  return { status: response.status, body: JSON.parse(text), upstream, contentType };
}

/** Poll a task with tasks/get until `ready` holds of it; every answer is kept in `seen`. */
export async function poll(
  url: string,
  taskId: string,
  ready: (task: any) => boolean,
  { headers = {}, seen = [] as Answer[], timeoutMs = 10_000, everyMs = 50 } = {},
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await rpc(url, 'tasks/get', { taskId }, { headers });
    seen.push(answer);
    const task = answer.body.result;
    if (task !== undefined && ready(task)) return task;
    if (Date.now() > deadline)
      throw new Error(`task ${taskId}: still ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
