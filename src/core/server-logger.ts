/**
 * Where a server's errors go: its logger hook, and what keeps a failing logger from changing an
 * answer.
 *
 * @module
 */

/**
 * The logging of a server, which `MCPServerBase` extends: errors the client is not told about go
 * to {@link logError}, through {@link log}.
 */
export abstract class ServerLogger {
  /** The server's name, for the start of each log line. */
  abstract readonly name: string;

  /** The class and the server's name, for the start of a log line, e.g. `DocsServer(acme-docs)`. */
  get formattedClassName(): string {
    return `${this.constructor.name}(${this.name})`;
  }

  /**
   * The logger hook: called with every error that the client is not told about, an unexpected
   * exception or a signal receiver's, with its stack; and, once per server class, a warning of
   * its configuration (a sentence, context `warning`). Writes to `console.error`; override it to
   * send errors to your own logger.
   *
   * @param error - What was thrown.
   * @param context - Where, e.g. `tools/call failed`.
   */
  logError(error: unknown, context: string): void {
    const line = `${this.formattedClassName}: ${context}:`;
    try {
      console.error(line, error);
    } catch {
      // An error whose getters throw cannot be printed; that it happened still can.
      console.error(line, 'an error that could not be printed');
    }
  }

  /**
   * Hand an error to {@link logError}, which must never change an answer: what it throws in turn
   * (a logger that fails, an error whose getters throw while it is printed) is dropped.
   *
   * @param error - What was thrown.
   * @param context - Where.
   */
  log(error: unknown, context: string): void {
    try {
      this.logError(error, context);
    } catch {
      // Nowhere left to report it.
    }
  }

  /** @internal Log what signal receivers threw. */
  logReceiverErrors(errors: unknown[]): void {
    for (const error of errors) this.log(error, 'a signal receiver failed');
  }
}
