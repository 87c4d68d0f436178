import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this travel as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers and pages above the threshold (brotli at a fast level, else gzip).
 * Server-sent events stay uncompressed (the library's default types leave out `text/event-stream`, and a
 * compressing stream would hold events back until its buffer fills); the built web assets are
 * compressed once at build time and served as they are (`content-encoding` already set).
 */
export async function registerCompression(app: FastifyInstance) {
  // Requests are not inflated: a compressed upload could otherwise grow past the body limits after they were checked.
  await app.register(compress, { threshold: COMPRESSION_THRESHOLD_BYTES, encodings: ['br', 'gzip'], globalDecompression: false });
}
