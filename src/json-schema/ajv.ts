// ajv's classes, one per JSON Schema dialect this library validates: imported on demand only, so
// that the build puts them in one chunk of their own, which a server loads with the first schema
// it compiles.
export { Ajv } from 'ajv';
export { Ajv2020 } from 'ajv/dist/2020.js';
