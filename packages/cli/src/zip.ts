import { createWriteStream } from "node:fs";
import { ZipFile } from "yazl";

/** 1980-01-01, the earliest DOS date: fixed timestamps make release zips reproducible. */
const FIXED_MTIME = new Date(Date.UTC(1980, 0, 1, 12, 0, 0));

/**
 * Writes a zip holding one executable file (mode 0755, fixed timestamp, deflated).
 *
 * @remarks Terraform unpacks with go-getter's zip decompressor, which applies the mode stored in
 * the entry's external attributes; without 0755 the provider would not be executable.
 * @internal
 */
export function writeSingleFileZip(zipPath: string, entryName: string, sourceFile: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const zip = new ZipFile();
    zip.addFile(sourceFile, entryName, { mode: 0o100755, mtime: FIXED_MTIME, compress: true });
    const out = createWriteStream(zipPath);
    out.on("error", reject);
    out.on("close", () => resolvePromise());
    zip.outputStream.on("error", reject).pipe(out);
    zip.end();
  });
}
