/**
 * The specification's types, as one import: its messages, identities and capabilities, its
 * content and tools, and its other features.
 *
 * @module
 */
export type * from './content-types.js';
export type * from './feature-types.js';
export type * from './message-types.js';
