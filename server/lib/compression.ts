import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this many bytes an answer goes out as it is: compressing it would save nothing. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers above 1 KB compressed by the client's Accept-Encoding (brotli, else gzip): API JSON and
 * index.html on the fly, at a brotli quality that costs little CPU; the built assets are served
 * already compressed (lib/web-app.ts). Files that are compressed already (PDF, xlsx) are left
 * alone. Request bodies are never inflated: a small compressed body could expand without bound.
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
});
