/**
 * A tool with an app view: `_meta.ui` in its definition, and `appsOn()`, which checks that a
 * server serves every view its tools name and declares the extension in `server/discover`.
 *
 * @module
 */

import type { RequestScope } from '../core/request-scope.js';
import { deepFreeze } from '../jsonrpc.js';
import type { AnyResource } from '../resources/resource-base.js';
import { OFFER } from '../subscriptions/feature.js';
import type { AnyTool } from '../tool-base.js';
import type { ClientCapabilities, Result, ServerCapabilities, Tool } from '../wire/types.js';
import { APP_VIEW_MIME_TYPE, APPS_EXTENSION, type AppViewClass, isAppView } from './app-view.js';
import type { Apps } from './feature.js';

/** Who may call a tool with a view: the model, the view (through the host), or both. */
export type AppToolVisibility = 'model' | 'app';

/** How a tool shows its view, for {@link withAppView}. */
export interface AppToolOptions {
  /**
   * Who may call the tool: `['model', 'app']` (the default) for both; `['app']` for a tool only
   * the view calls, which hosts keep from the model (it stays in `tools/list`).
   */
  visibility?: readonly AppToolVisibility[];
}

// What the tool's view is, by the tool class withAppView made.
const viewsOfTools = new WeakMap<object, string>();
// The definition with `_meta.ui`, by the definition without it (built once per definition).
const withMeta = new WeakMap<Tool, Tool>();

/**
 * Give a tool class an app view: its definition in `tools/list` carries `_meta.ui`
 * (`resourceUri`, and `visibility` when set) and the flat `_meta["ui/resourceUri"]` that hosts
 * before the extension's release read. The tool runs as before, and must still answer with
 * content a client without apps shows. The view is checked here; that the server serves it is
 * checked by {@link appsOn}.
 *
 * @param Tool - The tool class, e.g. from `defineTool()`, or a class of `MCPToolBase`.
 * @param View - The view, from {@link defineAppView}.
 * @param options - Who may call the tool.
 * @returns A subclass of the tool class, made with the same constructor arguments.
 * @throws TypeError - For a view not made by `defineAppView()`, or a visibility that is not a
 * non-empty list of `model` and `app`.
 *
 * @example
 * ```ts
 * const ShowForecast = withAppView(Forecast, Dashboard);
 * readonly tools = toolsByName(new ShowForecast());
 * ```
 */
export function withAppView<Class extends abstract new (...args: never[]) => AnyTool>(
  Tool: Class,
  View: AppViewClass,
  options: AppToolOptions = {},
): Class {
  if (!isAppView(View)) {
    throw new TypeError(`${Tool.name}: its view must be a class made by defineAppView()`);
  }
  const { visibility } = options;
  if (
    visibility !== undefined &&
    (!Array.isArray(visibility) ||
      visibility.length === 0 ||
      !visibility.every((who) => who === 'model' || who === 'app'))
  ) {
    throw new TypeError(`${Tool.name}: visibility is a non-empty list of "model" and "app"`);
  }
  const ui =
    visibility === undefined
      ? { resourceUri: View.uri }
      : { resourceUri: View.uri, visibility: [...new Set(visibility)] };
  // @ts-expect-error: a mixin's class extends its base's constructor as it is.
  class WithView extends Tool {
    override definition(): Tool {
      const plain = super.definition() as Tool;
      let shown = withMeta.get(plain);
      if (shown === undefined) {
        shown = deepFreeze({
          ...plain,
          _meta: { ...plain._meta, ui, 'ui/resourceUri': View.uri },
        }) as Tool;
        withMeta.set(plain, shown);
      }
      return shown;
    }
  }
  viewsOfTools.set(WithView, View.uri);
  return WithView as unknown as Class;
}

/** @internal The URI of the view of a tool made by {@link withAppView}, if it has one. */
export function viewOf(tool: AnyTool): string | undefined {
  for (let at: object | null = tool.constructor; at !== null; at = Object.getPrototypeOf(at)) {
    const uri = viewsOfTools.get(at);
    if (uri !== undefined) return uri;
  }
  return undefined;
}

/** What {@link appsOn} reads of a server: its tools and resources, set before its `apps`. */
export interface AppsServer {
  /** Its tools, some with a view. */
  readonly tools: ReadonlyMap<string, AnyTool>;
  /** Its resources, among them its views. */
  readonly resources: ReadonlyMap<string, AnyResource>;
}

/**
 * A server's apps: every view its tools name (see {@link withAppView}) checked to be one of its
 * `resources`, and the MCP Apps extension (`io.modelcontextprotocol/ui`) declared in
 * `server/discover`. Set it as the server's `apps` field, after `tools` and `resources`.
 *
 * @param server - The server, `this`, with its tools and resources set.
 * @returns The server's apps.
 * @throws TypeError - Naming the tool and the view, for a tool whose view the server does not
 * serve.
 *
 * @example
 * ```ts
 * class WeatherServer extends MCPServerBase {
 *   readonly name = 'weather';
 *   readonly tools = toolsByName(new ShowForecast());
 *   override readonly resources = resourcesByUri(new Dashboard());
 *   override readonly apps = appsOn(this);
 *   serverInfo() { return { version: '1.0.0' }; }
 * }
 * ```
 */
export function appsOn(server: AppsServer): Apps {
  const views: string[] = [];
  for (const tool of server.tools.values()) {
    const uri = viewOf(tool);
    if (uri === undefined) continue;
    const served = server.resources.get(uri);
    if (served === undefined || served.definition().mimeType !== APP_VIEW_MIME_TYPE) {
      throw new TypeError(
        `${tool.name} shows the app view ${uri}, which ${server.constructor.name} does not serve: add the view to its resources (resourcesByUri).`,
      );
    }
    if (!views.includes(uri)) views.push(uri);
  }
  return Object.freeze({ views: Object.freeze(views), [OFFER]: offeringApps });
}

function offeringApps(result: Result): void {
  const capabilities = result.capabilities as ServerCapabilities;
  capabilities.extensions = { ...capabilities.extensions, [APPS_EXTENSION]: {} };
}

/**
 * Whether the request's client renders app views: its capabilities (2026-07-28, per request)
 * declare the MCP Apps extension with the MIME type `text/html;profile=mcp-app`. A handshake-era
 * request declares nothing per request: `false`. A tool answers with its content either way; it
 * may say less in text where the view shows it.
 *
 * @param scope - The request's scope, or its client capabilities.
 * @returns Whether the client declares app views.
 */
export function supportsApps(scope: Pick<RequestScope, 'clientCapabilities'>): boolean {
  const capabilities = scope.clientCapabilities as
    | (ClientCapabilities & { extensions?: Record<string, unknown> })
    | undefined;
  const ui = capabilities?.extensions?.[APPS_EXTENSION] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(APP_VIEW_MIME_TYPE);
}
