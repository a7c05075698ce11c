/**
 * An MCP Apps view (`io.modelcontextprotocol/ui`): an HTML document served as a `ui://` resource
 * of MIME type `text/html;profile=mcp-app`, with the sandbox's CSP and permissions.
 *
 * @module
 */

import type { RequestScope } from '../core/request-scope.js';
import { defineResource } from '../resources/define-resources.js';
import type { MCPResourceBase } from '../resources/resource-base.js';
import type { Icon } from '../wire/types.js';

/** The MIME type of an app view, as the MCP Apps extension names it. */
export const APP_VIEW_MIME_TYPE = 'text/html;profile=mcp-app';

/** The MCP Apps extension's name, as clients declare it and `server/discover` lists it. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';

/**
 * The origins a view may reach, which the host writes into the sandbox's Content Security Policy.
 * Each left out is the host's restrictive default (none).
 */
export interface AppViewCsp {
  /** Origins of `fetch`, XHR and WebSocket (`connect-src`), e.g. `https://api.example.com`. */
  connectDomains?: readonly string[];
  /** Origins of images, scripts, styles and fonts. */
  resourceDomains?: readonly string[];
  /** Origins of nested iframes (`frame-src`). */
  frameDomains?: readonly string[];
  /** Origins the document's `<base>` may name (`base-uri`). */
  baseUriDomains?: readonly string[];
}

/** What a view asks the host's sandbox to allow; each is a request the host may refuse. */
export interface AppViewPermissions {
  /** The camera. */
  camera?: boolean;
  /** The microphone. */
  microphone?: boolean;
  /** The device's location. */
  geolocation?: boolean;
  /** Writing to the clipboard. */
  clipboardWrite?: boolean;
}

/** The fields of a view for {@link defineAppView}. */
export interface AppViewSpec {
  /** Its URI: `ui://` then the server's own path, e.g. `ui://project/document`. */
  uri: `ui://${string}`;
  /** Its programmatic name. */
  name: string;
  /** A human-readable name. */
  title?: string;
  /** What it shows. */
  description?: string;
  /** Icons a client may show. */
  icons?: Icon[];
  /** The OAuth scopes a request must be granted to see it and read it. */
  requiredScopes?: readonly string[];
  /**
   * The HTML5 document, self-contained (scripts and styles inline, or from `csp`'s origins), or a
   * function that writes it for a request.
   */
  html: string | ((scope: RequestScope) => string | Promise<string>);
  /** The origins it may reach; none when left out. */
  csp?: AppViewCsp;
  /** The browser permissions it asks for; none when left out. */
  permissions?: AppViewPermissions;
  /** A dedicated origin for the view, in the host's own format; the host's choice when left out. */
  domain?: string;
  /** Whether the host should draw a border around it; the host's choice when left out. */
  prefersBorder?: boolean;
}

/** A view class made by {@link defineAppView}: a resource, with its spec's URI. */
export interface AppViewClass {
  new (): MCPResourceBase;
  /** The view's URI, as tools name it. */
  readonly uri: `ui://${string}`;
}

// The views defineAppView made, by class: what a tool may name.
const views = new WeakSet<object>();

/** @internal Whether a class is a view made by {@link defineAppView}. */
export const isAppView = (value: unknown): value is AppViewClass =>
  typeof value === 'function' && views.has(value);

const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];
const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];

// The content item's `_meta.ui`, checked: the host reads it to build the sandbox.
function uiMeta(spec: AppViewSpec): Record<string, unknown> {
  const where = spec.uri;
  const ui: Record<string, unknown> = {};
  if (spec.csp !== undefined) {
    const csp: Record<string, string[]> = {};
    for (const [key, origins] of Object.entries(spec.csp)) {
      if (!CSP_KEYS.includes(key)) {
        throw new TypeError(`${where}: csp.${key} is not one of ${CSP_KEYS.join(', ')}`);
      }
      if (!Array.isArray(origins) || !origins.every((o) => typeof o === 'string' && o !== '')) {
        throw new TypeError(`${where}: csp.${key} must be an array of origins`);
      }
      csp[key] = [...origins];
    }
    ui.csp = csp;
  }
  if (spec.permissions !== undefined) {
    const permissions: Record<string, object> = {};
    for (const [key, wanted] of Object.entries(spec.permissions)) {
      if (!PERMISSIONS.includes(key)) {
        throw new TypeError(`${where}: permissions.${key} is not one of ${PERMISSIONS.join(', ')}`);
      }
      // The extension writes a permission asked for as an empty object.
      if (wanted === true) permissions[key] = {};
    }
    ui.permissions = permissions;
  }
  if (spec.domain !== undefined) ui.domain = spec.domain;
  if (spec.prefersBorder !== undefined) ui.prefersBorder = spec.prefersBorder;
  return ui;
}

/**
 * Define an app view (MCP Apps): a resource class that serves an HTML document as
 * `text/html;profile=mcp-app` at a `ui://` URI, with its sandbox's CSP and permissions in the
 * content's `_meta.ui`. Put an instance in the server's `resources` and name the class in
 * {@link withAppView}. The class is made once, at module level; its fields are checked at once.
 *
 * @param spec - The view's URI, name, HTML and sandbox.
 * @returns A view class.
 * @throws TypeError - For a URI that is not `ui://…`, HTML that is neither a non-empty string nor a
 * function, or a CSP or permission the extension does not define.
 *
 * @example
 * ```ts
 * const Dashboard = defineAppView({
 *   uri: 'ui://weather/dashboard',
 *   name: 'dashboard',
 *   html: '<!doctype html><html>…</html>',
 *   csp: { connectDomains: ['https://api.weather.example'] },
 * });
 * ```
 */
export function defineAppView(spec: AppViewSpec): AppViewClass {
  const { uri, html } = spec;
  if (typeof uri !== 'string' || !/^ui:\/\/[^/]/.test(uri)) {
    throw new TypeError(`${spec.name}: an app view's uri starts with ui://, not ${uri}`);
  }
  if (typeof html !== 'function' && (typeof html !== 'string' || html.trim() === '')) {
    throw new TypeError(
      `${uri}: html must be the view's HTML document, or a function that writes it`,
    );
  }
  const ui = uiMeta(spec);
  const part = (text: string) => [
    Object.keys(ui).length === 0 ? { text } : { text, _meta: { ui } },
  ];
  const View = defineResource({
    ...spec,
    mimeType: APP_VIEW_MIME_TYPE,
    read: (scope) => {
      if (typeof html === 'string') return part(html);
      const written = html(scope);
      return typeof written === 'string' ? part(written) : written.then(part);
    },
  });
  Object.defineProperty(View, 'uri', { value: uri });
  views.add(View);
  return View as unknown as AppViewClass;
}
