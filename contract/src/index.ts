export * from './ask.js';
export * from './models.js';
export * from './errors.js';
export * from './events.js';
export * from './headers.js';
export * from './signature.js';
export * from './manage.js';
