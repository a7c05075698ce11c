// What the tests of subscriptions/listen share: a server with tools, resources and a template,
// whose changes are given to it, and one listen through handle() with its frames and answer.
import {
  type Bus,
  type Changes,
  defineResource,
  defineResourceTemplate,
  defineTool,
  type JSONRPCNotification,
  MCPServerBase,
  memoryBus,
  resourcesByUri,
  templatesByUriTemplate,
  toolsByName,
} from '../src/index.js';

export const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
export const listenRequest = (id: string | number, notifications: unknown) => ({
  jsonrpc: '2.0',
  id,
  method: 'subscriptions/listen',
  params: { _meta: META, notifications },
});

const Rewrite = defineTool({
  name: 'rewrite',
  title: 'Rewrite',
  description: 'Rewrites a note, and says so to its listeners.',
  argumentsSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  run: async ({ id }, scope) => {
    await (scope.server as ListenServer).changes?.resourceUpdated(`note:///${id}`);
    return 'rewritten';
  },
});

const Readme = defineResource({ uri: 'note:///readme', name: 'readme', read: () => 'hi' });
const Secret = defineResource({
  uri: 'note:///secret',
  name: 'secret',
  requiredScopes: ['notes:secret'],
  read: () => 'shh',
});
const Notes = defineResourceTemplate({
  uriTemplate: 'note:///drafts/{id}',
  name: 'drafts',
  read: ({ id }) => `draft ${id}`,
});

export class ListenServer extends MCPServerBase {
  readonly name = 'listen';
  override readonly tools = toolsByName(new Rewrite());
  override readonly resources = resourcesByUri(new Readme(), new Secret());
  override readonly resourceTemplates = templatesByUriTemplate(new Notes());
  override readonly changes: Changes | undefined;
  override readonly principalId: string | undefined;
  override readonly methodTimeoutMs = 50;
  constructor(changes?: Changes, principalId?: string) {
    super();
    this.changes = changes;
    this.principalId = principalId;
  }
  serverInfo() {
    return { name: 'listen', version: '1.0.0' };
  }
}

/** One listen through handle(): its frames as they come, and its answer once it ends. */
export function open(
  server: MCPServerBase,
  id: string | number,
  notifications: unknown,
  grantedScopes?: string[],
) {
  const frames: JSONRPCNotification[] = [];
  const gone = new AbortController();
  const answer = server.handle(listenRequest(id, notifications), {
    notify: (frame) => {
      frames.push(JSON.parse(JSON.stringify(frame)));
    },
    signal: gone.signal,
    grantedScopes,
  }) as Promise<Record<string, any> | undefined>;
  return { frames, answer, gone };
}

export const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

// A bus whose subscriptions can be counted and lost.
export function watchedBus(inner: Bus = memoryBus()) {
  const lost: ((error: Error) => void)[] = [];
  let subscriptions = 0;
  const bus: Bus = {
    publish: (channel, message) => inner.publish(channel, message),
    subscribe(channel, receive, onLost) {
      subscriptions++;
      lost.push(onLost);
      return inner.subscribe(channel, receive, onLost);
    },
  };
  return {
    bus,
    get subscriptions() {
      return subscriptions;
    },
    lose: () => {
      for (const drop of lost.splice(0)) drop(new Error('connection reset'));
    },
  };
}
