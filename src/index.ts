/**
 * mcp-protocol-core: a framework-free, stateless Model Context Protocol server core. One pure
 * `handle(payload)` per HTTP POST; tools typed from their JSON Schema; no state between requests.
 *
 * Two more entries, so that neither weighs on a bundle that does not use it: the HTTP layer,
 * `mcp-protocol-core/http`, and the in-process test client, `mcp-protocol-core/testing`.
 *
 * @module
 */

export {
  type AppsServer,
  type AppToolOptions,
  type AppToolVisibility,
  appsOn,
  supportsApps,
  withAppView,
} from './apps/app-tool.js';
export {
  APP_VIEW_MIME_TYPE,
  APPS_EXTENSION,
  type AppViewClass,
  type AppViewCsp,
  type AppViewPermissions,
  type AppViewSpec,
  defineAppView,
} from './apps/app-view.js';
export type { Apps, AppsFeature } from './apps/feature.js';
export type { Bus, Unsubscribe } from './bus/bus.js';
export { memoryBus } from './bus/memory-bus.js';
export {
  COMPLETION_METHODS,
  type CompletionContext,
  complete,
  MAX_COMPLETION_VALUES,
} from './completions/completion-methods.js';
export { type HandleResult, MAX_BATCH_SIZE } from './core/answering.js';
export {
  InvalidArgumentsError,
  isProtocolError,
  isToolError,
  ProtocolError,
  ToolError,
} from './core/errors.js';
export { type Method, type Methods, withMethods } from './core/method-registry.js';
export {
  InsufficientScopeError,
  isGranted,
  isScope,
  requireScopes,
  withImpliedScopes,
} from './core/oauth-scopes.js';
export {
  DEFAULT_TOOL_TIMEOUT_MS,
  type NotificationSink,
  RequestScope,
} from './core/request-scope.js';
export type { RequestContext } from './core/routing.js';
export type { CacheHint, ServerInfo } from './core/server-contract.js';
export {
  mcpserverCalled,
  mcpserverToolCalled,
  type Receiver,
  type ServerCalled,
  Signal,
  type ToolCalled,
  type ToolOutcome,
} from './core/signals.js';
export {
  checkParameterHeaders,
  decodeHeaderValue,
  encodeHeaderValue,
  type HeaderParameter,
  hasCapabilities,
  headerParameters,
  LOG_LEVELS,
  META,
  routingHeaderProblem,
} from './era/modern-revision.js';
export {
  type Era,
  HANDSHAKE_PROTOCOL_VERSIONS,
  type HandshakeProtocolVersion,
  isHandshakeVersion,
  isModernVersion,
  LATEST_HANDSHAKE_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  type ModernProtocolVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './era/protocol-versions.js';
export {
  capabilitiesFor,
  implementationFor,
  type ProtocolVersion,
  resultFor,
  toolFor,
  versionOf,
} from './era/version-shaping.js';
export {
  DEFAULT_REQUEST_STATE_TTL_MS,
  type ElicitAnswer,
  type ElicitContent,
  type InputKind,
  InputUnavailableError,
} from './input/input-requests.js';
export {
  type Questions,
  type QuestionsOptions,
  questionsOn,
  type ReplyOutcome,
} from './input/questions.js';
export { type Dialect, schemaDialect, schemaProblems } from './json-schema/definition-checks.js';
export { simplifySchema } from './json-schema/simplify.js';
export type { ToolArguments } from './json-schema/typed-arguments.js';
export {
  dump,
  ErrorCode,
  type ErrorCodeValue,
  errorResponse,
  httpStatusOf,
  isRequestId,
  withHttpStatus,
} from './jsonrpc.js';
export { definePrompt, type PromptClass, type PromptSpec } from './prompts/define-prompt.js';
export {
  type AnyPrompt,
  MCPPromptBase,
  type PromptArgumentName,
  type PromptArgumentSchema,
  type PromptArguments,
  type PromptArgumentsSchema,
  type PromptStandardSchema,
} from './prompts/prompt-base.js';
export { PROMPT_METHODS, promptsByName } from './prompts/prompt-methods.js';
export type { PromptOutput } from './prompts/prompt-result.js';
export {
  defineResource,
  defineResourceTemplate,
  type ResourceClass,
  type ResourceSpec,
  type ResourceTemplateClass,
  type ResourceTemplateSpec,
} from './resources/define-resources.js';
export {
  type AnyResource,
  type AnyResourceTemplate,
  MCPResourceBase,
  MCPResourceTemplateBase,
} from './resources/resource-base.js';
export type {
  ResourceContents,
  ResourceOutput,
  ResourcePart,
} from './resources/resource-contents.js';
export { resourcesByUri, templatesByUriTemplate } from './resources/resource-methods.js';
export {
  type TemplateVariableName,
  type TemplateVariables,
  UriTemplate,
  type UriTemplateOptions,
} from './resources/uri-template.js';
export {
  AJV_OPTIONS,
  compileSchema,
  type FromSchema,
  invalidArguments,
  type JSONSchema,
  type SchemaCompiler,
  setSchemaCompiler,
  type ValidationError,
  type Validator,
} from './schema.js';
export { MCPServerBase } from './server-base.js';
export {
  defineSkill,
  type JsonValue,
  type Skill,
  type SkillFile,
  type SkillFrontmatter,
  type SkillSpec,
  skillFromFiles,
} from './skills/define-skill.js';
export {
  SKILLS_EXTENSION,
  type SkillEntry,
  type SkillResource,
  type Skills,
  type SkillsOptions,
  skillsIn,
} from './skills/skills-in.js';
export type {
  StandardFailure,
  StandardInput,
  StandardIssue,
  StandardJSONSchemaConverter,
  StandardJSONSchemaOptions,
  StandardOutput,
  StandardPathSegment,
  StandardResult,
  StandardSchemaWithJSON,
  StandardSuccess,
  StandardTypes,
} from './standard-schema/standard-schema.js';
export {
  CHANGES_CHANNEL,
  type Changes,
  type ChangesOptions,
  changesOn,
} from './subscriptions/changes.js';
export { SUBSCRIPTION_ID } from './subscriptions/listen.js';
export {
  type TaskError,
  type TaskQuestion,
  type TaskStatus,
  TaskStoreError,
  type TaskView,
} from './tasks/lifecycle.js';
export { type MemoryTaskStoreOptions, memoryTaskStore } from './tasks/memory-store.js';
export type { StoredTask, TaskStore } from './tasks/store.js';
export {
  TASKS_EXTENSION,
  type Tasks,
  type TasksOptions,
  tasksIn,
} from './tasks/task-feature.js';
export {
  type AnyTool,
  MCPToolBase,
  type TaskSupport,
  type ToolOutput,
  ToolTimeoutError,
} from './tool-base.js';
export {
  defineTool,
  type StructuredOutput,
  type ToolClass,
  type ToolSpec,
  type TypedToolOutput,
} from './tools/define-tool.js';
export { toolsByName, verifyTools } from './tools/tool-methods.js';
export { SERVER_VERSION } from './version.js';
export { encodeBase64 } from './wire/base64.js';
export { type HttpHeaders, header } from './wire/http-headers.js';
export type * from './wire/types.js';
