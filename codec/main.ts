/**
 * The codec endpoint as a process of its own (`npm start` runs it beside the Temporal UI, which it
 * points at it): only what decodes payloads holds the payload keys, and only on loopback by default.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { readCodecServerEnv } from '../config/env.js';
import { createLogger } from '../config/logger.js';
import { askflowDataConverter } from './dataConverter.js';
import { codecServer } from './server.js';

const env = readCodecServerEnv();
const log = createLogger('codec', env.LOG_LEVEL);
const codec = askflowDataConverter(env).payloadCodecs?.[0] ?? { encode: async (p) => p, decode: async (p) => p };
const server = codecServer({ codec, origins: env.ASKFLOW_CODEC_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean), token: env.ASKFLOW_CODEC_TOKEN });
server.listen(env.ASKFLOW_CODEC_PORT, env.ASKFLOW_CODEC_HOST);
await once(server, 'listening');
const { port } = server.address() as AddressInfo;
log.info({ port }, 'codec endpoint ready');
process.send?.({ ready: true, port });
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
