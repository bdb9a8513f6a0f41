// `@askflow/contract/signing`: the signature schemes with the HMAC left to the caller, free of
// zod and of Node's built-ins, so a verifier loads it on any runtime without the wire shapes.
export * from './signatureScheme.js';
