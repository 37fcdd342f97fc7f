/** @internal Decodes private bytes (UTF-8 JSON written by {@link encodePrivate}); empty → undefined. */
export function decodePrivate(bytes: Uint8Array | undefined): unknown {
  if (bytes === undefined || bytes.length === 0) return undefined;
  const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  return JSON.parse(text) as unknown;
}

/** @internal Encodes private state as UTF-8 JSON; undefined → empty bytes. */
export function encodePrivate(value: unknown): Uint8Array {
  if (value === undefined) return new Uint8Array(0);
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError("private state must be JSON-serialisable");
  return new TextEncoder().encode(text);
}
