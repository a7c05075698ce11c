// JSON-RPC helpers and the two error classes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  dump,
  ErrorCode,
  errorResponse,
  InvalidArgumentsError,
  isProtocolError,
  isRequestId,
  isToolError,
  ProtocolError,
  ToolError,
} from '../src/index.js';

const jsonrpc = suite('jsonrpc');

jsonrpc("the error codes: JSON-RPC's, and MCP's", () => {
  assert.equal(ErrorCode, {
    ParseError: -32700,
    InvalidRequest: -32600,
    MethodNotFound: -32601,
    InvalidParams: -32602,
    InternalError: -32603,
    ResourceNotFound: -32002,
    HeaderMismatch: -32020,
    MissingRequiredClientCapability: -32021,
    UnsupportedProtocolVersion: -32022,
  });
});

jsonrpc('a request id is a string or an integer, never null', () => {
  for (const id of ['', 'a', 0, -1, 2 ** 53 - 1]) assert.ok(isRequestId(id), String(id));
  for (const id of [null, undefined, 1.5, Number.NaN, Number.POSITIVE_INFINITY, true, {}, []]) {
    assert.not.ok(isRequestId(id), String(id));
  }
});

jsonrpc('errorResponse carries data only when there is some', () => {
  assert.equal(errorResponse(1, -32602, 'bad'), {
    jsonrpc: '2.0',
    id: 1,
    error: { code: -32602, message: 'bad' },
  });
  assert.equal(errorResponse(null, -32022, 'unsupported', { supported: ['2025-11-25'] }), {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32022, message: 'unsupported', data: { supported: ['2025-11-25'] } },
  });
});

jsonrpc('dump drops empty fields of a result, but not the data of a tool or a schema', () => {
  const response = {
    jsonrpc: '2.0' as const,
    id: 1,
    result: {
      nextCursor: undefined,
      tools: [{ name: 't', title: null, inputSchema: { type: 'object', default: null } }],
      structuredContent: { value: null, nested: { gone: null } },
      _meta: { trace: null },
    },
  };
  const before = structuredClone(response);
  assert.equal(dump(response), {
    jsonrpc: '2.0',
    id: 1,
    result: {
      tools: [{ name: 't', inputSchema: { type: 'object', default: null } }],
      structuredContent: { value: null, nested: { gone: null } },
      _meta: { trace: null },
    },
  });
  assert.equal(response, before);
});

jsonrpc('dump keeps the null id of an error, and works on a batch', () => {
  const failed = {
    jsonrpc: '2.0' as const,
    id: null,
    error: { code: -32600, message: 'bad', data: undefined },
  };
  assert.equal(dump(failed), { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'bad' } });
  assert.equal(dump([failed, { jsonrpc: '2.0', id: 2, result: { a: null } }]), [
    { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'bad' } },
    { jsonrpc: '2.0', id: 2, result: {} },
  ]);
});

jsonrpc.run();

const errors = suite('errors');

errors('ProtocolError becomes its own JSON-RPC error', () => {
  const error = new ProtocolError(ErrorCode.InvalidParams, 'uri must be a string.', {
    field: 'uri',
  });
  assert.is(error.name, 'ProtocolError');
  assert.equal(error.toResponse(4), {
    jsonrpc: '2.0',
    id: 4,
    error: { code: -32602, message: 'uri must be a string.', data: { field: 'uri' } },
  });
  assert.equal(new ProtocolError(-32601, 'Method not found').toResponse(null), {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32601, message: 'Method not found' },
  });
});

errors('the type guards tell the errors apart, across copies of the library', () => {
  const toolError = new ToolError('no such file');
  const invalid = new InvalidArgumentsError('t', ['a: is required', 'b: must be string']);
  assert.is(toolError.name, 'ToolError');
  assert.is(invalid.name, 'InvalidArgumentsError');
  assert.is(invalid.message, 'invalid arguments for t: a: is required; b: must be string');
  assert.equal(invalid.problems, ['a: is required', 'b: must be string']);
  assert.ok(isToolError(toolError) && isToolError(invalid));
  assert.not.ok(isToolError(new Error('x')) || isToolError('x') || isToolError(null));
  assert.ok(isProtocolError(new ProtocolError(1, 'x')));
  assert.not.ok(isProtocolError(toolError) || isProtocolError({ code: 1, message: 'x' }));
  // Another copy of the library brands its errors with the same global symbols.
  const foreign = Object.assign(new Error('from another copy'), {
    [Symbol.for('mcp-protocol-core.ToolError')]: true,
  });
  assert.ok(isToolError(foreign));
});

errors.run();
