// What the server's process gets from whoever starts it (`npm start`, the cluster test, the benchmarks), unless the
// operator set it already.
//
// MALLOC_ARENA_MAX=2: glibc gives every thread that allocates its own malloc arena, and libvips (sharp), zlib and
// the thread pool each touch a few. Memory freed in one arena is not reused by another, so after a class export
// (thousands of small PDF, zip and image buffers across those threads) the server kept about 25 MB more resident
// than with two arenas (npm run bench, export of a class year: first export 88 MB over idle against 63 MB). Two is
// what sharp's and Node's own guides suggest for long-running servers; the cost is some contention between threads.
/** @param {NodeJS.ProcessEnv} env */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
