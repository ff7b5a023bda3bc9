/** Generators: fast-check arbitraries derived from contract/. */
export * from './expectation.js';
export * from './text.js';
export * from './cards.js';
export * from './dates.js';
export * from './identity.js';
export * from './formats.js';
export * from './lengths.js';
export * from './attributes.js';
export * from './values.js';
export * from './payloads.js';
export * from './accepted.js';
export * from './format-breaks.js';
export * from './breakages.js';
export * from './attribute-breakages.js';
export * from './violations.js';
export * from './boundaries.js';
export * from './personal.js';
