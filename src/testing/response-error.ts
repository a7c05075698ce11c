/**
 * The error a test client throws for a JSON-RPC error answer.
 *
 * @module
 */
import { ProtocolError } from '../core/errors.js';

/** A JSON-RPC error answer, thrown: a {@link ProtocolError} with the HTTP status it came with. */
export class ResponseError extends ProtocolError {
  override name = 'ResponseError';
  /** The HTTP status the answer would be sent with: 200 unless the server said otherwise. */
  readonly status: number;

  /**
   * @param code - The error's code.
   * @param message - Its message.
   * @param data - Its data.
   * @param status - The HTTP status.
   */
  constructor(code: number, message: string, data: unknown, status: number) {
    super(code, message, data, status);
    this.status = status;
  }
}
