import sharp from 'sharp';

/**
 * sharp as the whole server uses it, set up once before any image is read. Each image is worked on by one libvips
 * thread (how many at once is MEDIA_IMAGE_JOBS, the `run` of processUpload). libvips' operation cache is off: it
 * keeps up to 50 MB of decoded pictures in case the same one is worked on again, which never happens here (an upload
 * is cleaned once, a portfolio reads each thumbnail once), so it only held memory after every export.
 */
sharp.concurrency(1);
sharp.cache(false);

export default sharp;
