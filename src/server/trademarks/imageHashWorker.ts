import { parentPort, workerData } from 'node:worker_threads';
import { decodeImage, ImageTooLargeError, UnsupportedImageError } from './imageDecode.js';
import { differenceHash } from './logoHash.js';

/** What the worker answers for one picture: its hash as decimal text, or why it has none. */
export type ImageHashReply = { hash: string } | { refused: 'tooLarge' | 'unsupported'; detail: string };

/**
 * Decodes one picture and hashes it, in a worker thread: decoding a large picture takes the
 * better part of a second and would hold every other request of the server meanwhile.
 */
function hashOf(bytes: Uint8Array): ImageHashReply {
  try {
    return { hash: differenceHash(decodeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))).toString() };
  } catch (err) {
    if (err instanceof ImageTooLargeError) return { refused: 'tooLarge', detail: err.message };
    if (err instanceof UnsupportedImageError) return { refused: 'unsupported', detail: err.message };
    throw err;
  }
}

parentPort?.postMessage(hashOf(workerData as Uint8Array));
