/**
 * What the rest of a server knows of its MCP Apps: the opaque value `appsOn()` makes, which
 * `server/discover` asks to declare the extension.
 *
 * @module
 */

/** A server's app views, checked against its tools by `appsOn()`. */
export interface Apps {
  /** The URIs of the views the server's tools name, in the order of its tools. */
  readonly views: readonly string[];
}

/** What a server declares of its apps; merged into the server class. */
export interface AppsFeature {
  /**
   * The server's apps (the MCP Apps extension), made by `appsOn(this)` once its `tools` and
   * `resources` are set: every view a tool names is then checked to be served, and
   * `server/discover` lists `io.modelcontextprotocol/ui`. None by default.
   */
  readonly apps?: Apps | undefined;
}
