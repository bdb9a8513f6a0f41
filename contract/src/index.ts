export * from './browser.js';
export * from './signature.js';
