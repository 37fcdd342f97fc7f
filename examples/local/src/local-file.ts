import { mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { ProviderError } from "@tfkit/provider";
import { checksumAttributes } from "./checksums.js";
import { modeOf } from "./file-permission.js";

/**
 * Decodes standard base64 strictly, as Go's `base64.StdEncoding.DecodeString` does (Node's
 * decoder skips what it does not understand; upstream fails instead). Line breaks are ignored.
 * @category decoding
 */
export function decodeBase64(text: string): Buffer {
  const s = text.replace(/[\r\n]/g, "");
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)) {
    // Where Go's decoder stops: the first byte outside the alphabet, else the padding or the end.
    const outside = s.search(/[^A-Za-z0-9+/=]/);
    const pad = s.indexOf("=");
    const at = outside >= 0 ? outside : pad >= 0 ? pad : s.length - (s.length % 4);
    throw new Error(`illegal base64 data at input byte ${at}`);
  }
  return Buffer.from(s, "base64");
}

/** Which of the content arguments is set, as the plan holds them. */
export interface ContentSource {
  /** `content` or `sensitive_content`: UTF-8 text. */
  readonly text: string | null;
  /** `content_base64`. */
  readonly base64: string | null;
  /** `source`: a file to copy. */
  readonly source: string | null;
}

/** What the summary of a create error starts with: `local file` or `local sensitive file`. */
type Noun = "local file" | "local sensitive file";

/** Upstream's error detail: its text, then the original error (the odd `+` included). */
const detail = (what: string, error: unknown) =>
  `An unexpected error occurred while ${what}\n\n+Original Error: ${error instanceof Error ? error.message : String(error)}`;

function contentOf(src: ContentSource): Buffer {
  // Upstream's order: base64 first, then source, then the text.
  if (src.base64 !== null) return decodeBase64(src.base64);
  if (src.source !== null) return readFileSync(src.source);
  return Buffer.from(src.text ?? "", "utf8");
}

/**
 * Writes the file a plan describes (parent directories first) and returns the computed
 * attributes: the checksums and the `id`.
 * @category constructors
 */
export function writeLocalFile(
  noun: Noun,
  filename: string,
  src: ContentSource,
  filePermission: string,
  directoryPermission: string,
) {
  const summary = `Create ${noun} error`;
  let content: Buffer;
  try {
    content = contentOf(src);
  } catch (error) {
    throw new ProviderError(summary, { detail: detail("parsing local file content", error) });
  }
  const dir = dirname(filename);
  if (!exists(dir)) {
    try {
      mkdirSync(dir, { recursive: true, mode: modeOf(directoryPermission) });
    } catch (error) {
      throw new ProviderError(summary, { detail: detail("creating file directory", error) });
    }
  }
  try {
    writeFileSync(filename, content, { mode: modeOf(filePermission) });
  } catch (error) {
    throw new ProviderError(summary, { detail: detail("writing the file", error) });
  }
  return checksumAttributes(content);
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the file still holds what was written: `false` when it is gone or its SHA-1 differs
 * from the stored `id` (the resource is then dropped from state, so Terraform plans to create
 * it again).
 * @category guards
 */
export function fileUnchanged(noun: Noun, filename: string, id: string | null): boolean {
  let data: Buffer;
  try {
    data = readFileSync(filename);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw new ProviderError(`Read ${noun} error`, { detail: detail("reading the file", error) });
  }
  return checksumAttributes(data).id === id;
}

/**
 * Deletes the file, ignoring errors as upstream does (a file already gone is fine).
 * @category constructors
 */
export function removeLocalFile(filename: string): void {
  try {
    unlinkSync(filename);
  } catch {
    // upstream ignores os.Remove's error
  }
}
