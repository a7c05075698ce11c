/**
 * `subscriptions/listen` (2026-07-28): a request answered with an event stream that stays open,
 * its first event the filter the server honours, then the changes the listener asked for, until
 * the client goes away or the server ends it.
 *
 * @module
 */

import type { Unsubscribe } from '../bus/bus.js';
import { ProtocolError } from '../core/errors.js';
import type { Methods } from '../core/method-registry.js';
import { withMethods } from '../core/method-registry.js';
import { isGranted } from '../core/oauth-scopes.js';
import type { RequestScope } from '../core/request-scope.js';
import type { ServerCore } from '../core/server-contract.js';
import { capabilitiesOf } from '../core/server-methods.js';
import { ErrorCode, isObject } from '../jsonrpc.js';
import { TASKS_EXTENSION } from '../tasks/extension.js';
import { authorizationHeader } from '../wire/http-headers.js';
import type { JSONRPCNotification, Result } from '../wire/types.js';
import type { ChangesIn, Listener, ListenerEnd, ListKind } from './feature.js';

/** The `_meta` key of every message of a listen: the listen request's id. */
export const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** The longest URI or task id announced or subscribed to, in characters. */
export const MAX_URI_LENGTH = 4096;

/** Whether a value is a URI this feature carries: a non-empty string, not too long. */
export const isUri = (uri: unknown): uri is string =>
  typeof uri === 'string' && uri.length > 0 && uri.length <= MAX_URI_LENGTH;

// A resource, or a template, as far as listening goes: who may read it.
interface Readable {
  readonly requiredScopes?: readonly string[] | undefined;
  match?(uri: string): object | undefined;
}

// A server's tasks, as far as listening goes: a task as tasks/get gives it to its caller.
interface TasksOfServer {
  readonly lifecycle: {
    get(principal: string | null, taskId: string): Promise<object | undefined>;
  };
}

interface ListenServer extends ServerCore {
  readonly changes?: unknown;
  readonly tasks?: unknown;
}

const invalid = (message: string) =>
  new ProtocolError(ErrorCode.InvalidParams, message, undefined, 400);

// The filter asked for, checked: what a client sends is not trusted.
function readFilter(filter: unknown, maxSubscriptions: number) {
  if (!isObject(filter)) throw invalid('notifications must be an object.');
  const kinds: ListKind[] = [];
  for (const kind of ['tools', 'prompts', 'resources'] as const) {
    const asked = filter[`${kind}ListChanged`];
    if (asked !== undefined && typeof asked !== 'boolean') {
      throw invalid(`notifications.${kind}ListChanged must be a boolean.`);
    }
    if (asked === true) kinds.push(kind);
  }
  const list = (name: string): string[] | undefined => {
    const value = filter[name];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every(isUri)) {
      throw invalid(
        `notifications.${name} must be an array of strings of at most ${MAX_URI_LENGTH} characters.`,
      );
    }
    if (value.length > maxSubscriptions) {
      throw invalid(`notifications.${name} may hold at most ${maxSubscriptions} entries.`);
    }
    return [...new Set(value)];
  };
  return { kinds, uris: list('resourceSubscriptions'), taskIds: list('taskIds') };
}

// Whether the request may read a resource: a fixed resource of that URI, or a template that
// matches it, whose required scopes it is granted.
function mayRead(server: ServerCore, uri: string, scope: RequestScope): boolean {
  const fixed = server.resources.get(uri) as Readable | undefined;
  if (fixed !== undefined) return isGranted(scope, fixed.requiredScopes);
  for (const template of server.resourceTemplates.values() as Iterable<Readable>) {
    if (template.match?.(uri) !== undefined && isGranted(scope, template.requiredScopes)) {
      return true;
    }
  }
  return false;
}

const ENDED: Record<Exclude<ListenerEnd, 'closed' | 'gone'>, string> = {
  lost: 'The server lost its bus, so changes may have been missed: listen again.',
  behind: 'The listener read too slowly, so changes would have been lost: listen again.',
};

async function listen(
  server: ListenServer,
  params: Record<string, unknown>,
  scope: RequestScope,
): Promise<Result> {
  const changes = server.changes as ChangesIn;
  const asked = readFilter(params.notifications, changes.maxSubscriptions);
  if (asked.taskIds !== undefined) {
    const extensions = scope.clientCapabilities?.extensions;
    if (!isObject(extensions) || !isObject(extensions[TASKS_EXTENSION])) {
      throw new ProtocolError(
        -32021,
        `notifications.taskIds needs the ${TASKS_EXTENSION} extension, which this request does not declare.`,
        { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
        400,
      );
    }
  }
  const { notify } = scope;
  if (notify === undefined) {
    throw new ProtocolError(
      ErrorCode.InvalidRequest,
      'subscriptions/listen is answered with an event stream: its request must accept text/event-stream.',
      undefined,
      406,
    );
  }
  // Only what the server declares, and only resources its caller may read.
  const capabilities = capabilitiesOf(server);
  const kinds = asked.kinds.filter((kind) => capabilities[kind] !== undefined);
  const honoured: Record<string, unknown> = {};
  for (const kind of kinds) honoured[`${kind}ListChanged`] = true;
  let uris: string[] = [];
  if (asked.uris !== undefined && capabilities.resources !== undefined) {
    uris = asked.uris.filter((uri) => mayRead(server, uri, scope));
    honoured.resourceSubscriptions = uris;
  }
  const tasks = server.tasks as TasksOfServer | undefined;
  const principalId = server.principalId ?? null;
  let taskIds: string[] = [];
  if (asked.taskIds !== undefined && tasks !== undefined) {
    const found = await Promise.all(
      asked.taskIds.map((id) => tasks.lifecycle.get(principalId, id).catch(() => undefined)),
    );
    taskIds = asked.taskIds.filter((_, at) => found[at] !== undefined);
    honoured.taskIds = taskIds;
  }
  const headers = scope.headers;
  const authorization = headers === undefined ? undefined : authorizationHeader(headers);
  const principal =
    principalId !== null
      ? `id ${principalId}`
      : authorization !== undefined
        ? `authorization ${authorization}`
        : '';

  try {
    await changes.ready();
  } catch (error) {
    server.log(error, 'subscriptions/listen: the bus could not subscribe');
    throw new ProtocolError(
      ErrorCode.InternalError,
      'Changes cannot be listened to now: try again later.',
      undefined,
      503,
    );
  }
  const _meta = { [SUBSCRIPTION_ID]: scope.requestId! };
  return new Promise<Result>((resolve, reject) => {
    let ended = false;
    const stops: Promise<Unsubscribe | undefined>[] = [];
    const gone = () => listener.end('gone');
    const listener: Listener = {
      principal,
      kinds,
      uris,
      send(method, params) {
        if (ended || !(acked || method === 'notifications/subscriptions/acknowledged')) return;
        const notification: JSONRPCNotification = { jsonrpc: '2.0', method, params };
        notification.params!._meta = _meta;
        // The stream holds what the client has not read, up to its bound: a listener that
        // reaches it is ended, rather than lose a change silently or hold more.
        const sent: unknown = notify(notification);
        if (sent instanceof Promise) listener.end('behind');
      },
      end(how) {
        if (ended) return;
        ended = true;
        changes.remove(listener);
        scope.signal.removeEventListener('abort', gone);
        for (const stop of stops) stop.then((unsubscribe) => unsubscribe?.()).catch(() => {});
        if (how === 'closed' || how === 'gone') resolve({ _meta });
        else reject(new ProtocolError(ErrorCode.InternalError, ENDED[how]));
      },
    };
    const refused = changes.add(listener);
    if (refused !== undefined) {
      ended = true;
      reject(
        refused === 'full'
          ? new ProtocolError(
              ErrorCode.InvalidRequest,
              `Too many listeners: at most ${changes.maxListenersPerPrincipal} at once per caller; close one first.`,
              undefined,
              429,
            )
          : new ProtocolError(
              ErrorCode.InternalError,
              'This server takes no more listeners: it is shutting down.',
              undefined,
              503,
            ),
      );
      return;
    }
    if (scope.signal.aborted) return listener.end('gone');
    scope.signal.addEventListener('abort', gone, { once: true });
    for (const taskId of taskIds) stops.push(followTask(changes, tasks!, principalId, taskId));
    // Nothing before the acknowledgement: what comes while a task's channel is subscribed to is
    // before the listen holds, as for a change announced before its request came.
    let acked = false;
    const acknowledge = () => {
      acked = true;
      listener.send('notifications/subscriptions/acknowledged', { notifications: honoured });
    };
    if (stops.length === 0) acknowledge();
    else Promise.all(stops).then(acknowledge, () => listener.end('lost'));
    // Each task's pings: the task read again, as its caller would read it, one read at a time.
    function followTask(
      changes: ChangesIn,
      tasks: TasksOfServer,
      principalId: string | null,
      taskId: string,
    ): Promise<Unsubscribe | undefined> {
      let reading = false;
      let again = false;
      const read = async () => {
        reading = true;
        do {
          again = false;
          const task = await tasks.lifecycle.get(principalId, taskId).catch(() => undefined);
          if (task !== undefined) listener.send('notifications/tasks', { ...task });
        } while (again && !ended);
        reading = false;
      };
      return changes.bus.subscribe(
        `task:${taskId}`,
        () => {
          if (ended) return;
          if (reading) again = true;
          else void read();
        },
        () => listener.end('lost'),
      );
    }
  });
}

// Built by the first changesOn(), not at module level, so that a bundle without changes leaves
// them out.
let listenMethods: Methods | undefined;

/** @internal The method of listening, for the registry. */
export function LISTEN_METHODS(): Methods {
  listenMethods ??= withMethods(new Map(), {
    'subscriptions/listen': { era: 'modern', ownTimeLimit: true, run: listen },
  });
  return listenMethods;
}
