export * from './browser.js';
export * from './signature.js';
export * from './webhookSignature.js';
