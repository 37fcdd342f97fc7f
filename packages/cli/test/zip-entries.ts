import { readFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";

/** One entry of a zip's central directory, as the tests read it. */
export interface ZipEntry {
  readonly name: string;
  /** Unix mode from the external attributes (high 16 bits). */
  readonly mode: number;
  readonly uncompressedSize: number;
  /** Compression method (0 stored, 8 deflate). */
  readonly method: number;
  readonly compressedSize: number;
  /** Where the entry's local file header starts. */
  readonly localHeaderOffset: number;
}

/**
 * Lists a zip's entries from its central directory (APPNOTE.TXT 4.3.12, 4.3.16), independently of
 * the library that wrote it.
 */
export function readZipEntries(path: string): ZipEntry[] {
  const buf = readFileSync(path);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${path}: no end of central directory record`);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error(`${path}: bad central directory entry`);
    const method = buf.readUInt16LE(at + 10);
    const compressedSize = buf.readUInt32LE(at + 20);
    const uncompressedSize = buf.readUInt32LE(at + 24);
    const localHeaderOffset = buf.readUInt32LE(at + 42);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const external = buf.readUInt32LE(at + 38);
    const name = buf.toString("utf8", at + 46, at + 46 + nameLength);
    entries.push({
      name,
      mode: external >>> 16,
      uncompressedSize,
      method,
      compressedSize,
      localHeaderOffset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The bytes of one entry (stored or deflated; APPNOTE.TXT 4.3.7), to run what a zip holds. */
export function readZipEntry(path: string, name: string): Buffer {
  const entry = readZipEntries(path).find((e) => e.name === name);
  if (entry === undefined) throw new Error(`${path}: no entry ${name}`);
  const buf = readFileSync(path);
  const at = entry.localHeaderOffset;
  if (buf.readUInt32LE(at) !== 0x04034b50) throw new Error(`${path}: bad local header for ${name}`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(data);
  if (entry.method === 8) return inflateRawSync(data);
  throw new Error(`${path}: ${name} uses compression method ${entry.method}`);
}
