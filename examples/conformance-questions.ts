// The fixtures of the 0.1.16 scenarios in which a tool asks its handshake-era client during a call
// (tools-call-sampling, tools-call-elicitation, elicitation-sep1034-defaults,
// elicitation-sep1330-enums): each asks with scope.sample() or scope.elicit(), which a server with
// `questions` sends on the call's SSE answer, and reads the client's POSTed answer. In 2026-07-28
// the same tools ask with `input_required`.
import { defineTool, type ElicitationSchema } from 'mcp-protocol-core';

const textOf = (content: unknown) =>
  Array.isArray(content) ? '' : String((content as { text?: unknown }).text ?? '');

export const Sampling = defineTool({
  name: 'test_sampling',
  title: 'Sampling',
  description: "Asks the client's LLM to answer a prompt, and returns its answer.",
  argumentsSchema: {
    type: 'object',
    properties: { prompt: { type: 'string', description: 'What to ask the LLM.' } },
    required: ['prompt'],
  },
  async run({ prompt }, scope) {
    const message = await scope.sample('answer', {
      messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
      maxTokens: 100,
    });
    return `LLM response: ${textOf(message.content)}`;
  },
});

export const Elicitation = defineTool({
  name: 'test_elicitation',
  title: 'Elicitation',
  description: 'Asks the user for a username and an email address.',
  argumentsSchema: {
    type: 'object',
    properties: { message: { type: 'string', description: 'What to tell the user.' } },
    required: ['message'],
  },
  async run({ message }, scope) {
    const answer = await scope.elicit('user_info', {
      message,
      requestedSchema: {
        type: 'object',
        properties: {
          username: { type: 'string', description: "The user's name" },
          email: { type: 'string', description: "The user's email address" },
        },
        required: ['username', 'email'],
      },
    });
    return `User response: ${JSON.stringify(answer)}`;
  },
});

/** The form of SEP-1034: a default for every kind of field. */
export const DEFAULTS_FORM = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Name', default: 'John Doe' },
    age: { type: 'integer', description: 'Age', default: 30 },
    score: { type: 'number', description: 'Score', default: 95.5 },
    status: {
      type: 'string',
      description: 'Status',
      enum: ['active', 'inactive', 'pending'],
      default: 'active',
    },
    verified: { type: 'boolean', description: 'Verified', default: true },
  },
} as const satisfies ElicitationSchema;

export const ElicitationDefaults = defineTool({
  name: 'test_elicitation_sep1034_defaults',
  title: 'Elicitation with defaults',
  description: 'Asks for a form whose every field has a default (SEP-1034).',
  argumentsSchema: { type: 'object' },
  async run(_args, scope) {
    const answer = await scope.elicit('defaults', {
      message: 'Please review and update the form fields with defaults',
      requestedSchema: DEFAULTS_FORM,
    });
    return `Elicitation completed: ${JSON.stringify(answer)}`;
  },
});

/** The form of SEP-1330: the five kinds of enum field. */
export const ENUMS_FORM = {
  type: 'object',
  properties: {
    untitledSingle: {
      type: 'string',
      description: 'Untitled single-select',
      enum: ['option1', 'option2', 'option3'],
    },
    titledSingle: {
      type: 'string',
      description: 'Titled single-select',
      oneOf: [
        { const: 'value1', title: 'First option' },
        { const: 'value2', title: 'Second option' },
        { const: 'value3', title: 'Third option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      description: 'Legacy titled enum',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option one', 'Option two', 'Option three'],
    },
    untitledMulti: {
      type: 'array',
      description: 'Untitled multi-select',
      items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    },
    titledMulti: {
      type: 'array',
      description: 'Titled multi-select',
      items: {
        anyOf: [
          { const: 'value1', title: 'First choice' },
          { const: 'value2', title: 'Second choice' },
          { const: 'value3', title: 'Third choice' },
        ],
      },
    },
  },
} as const satisfies ElicitationSchema;

export const ElicitationEnums = defineTool({
  name: 'test_elicitation_sep1330_enums',
  title: 'Elicitation with enums',
  description: 'Asks for a form of every kind of enum field (SEP-1330).',
  argumentsSchema: { type: 'object' },
  async run(_args, scope) {
    const answer = await scope.elicit('enums', {
      message: 'Please select options from the enum fields',
      requestedSchema: ENUMS_FORM,
    });
    return `Elicitation completed: ${JSON.stringify(answer)}`;
  },
});
