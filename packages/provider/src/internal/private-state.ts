/** @internal Decodes private bytes (UTF-8 JSON written by {@link encodePrivate}); empty → undefined. */
export function decodePrivate(bytes: Uint8Array | undefined): unknown {
  if (bytes === undefined || bytes.length === 0) return undefined;
  const text = STRICT_UTF8.decode(bytes);
  return JSON.parse(text) as unknown;
}

/** @internal Encodes private state as UTF-8 JSON; undefined → empty bytes. */
export function encodePrivate(value: unknown): Uint8Array {
  if (value === undefined) return NO_PRIVATE_STATE;
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError("private state must be JSON-serialisable");
  return UTF8.encode(text);
}

// Made once: most resources keep no private state, and these were most of what an RPC spent on it.
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });
const UTF8 = new TextEncoder();
/** The answer for "no private state": zero bytes, shared (nothing can be written into it). */
const NO_PRIVATE_STATE = new Uint8Array(0);
