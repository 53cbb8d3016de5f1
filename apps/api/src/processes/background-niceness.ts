/**
 * The niceness of work a server does in the background (decoding and encoding on the media
 * threads, the local transcriber's process): on a machine short of cores, requests come first.
 * At 10 a busy background thread gets about a tenth of a core's time against a request that
 * wants it, and still all of an idle one.
 */
export const BACKGROUND_NICENESS = 10;
