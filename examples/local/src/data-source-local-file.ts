import { readFileSync } from "node:fs";
import { defineDataSource, ProviderError } from "@tfkit/provider";
import { attr, dataSourceSchema } from "@tfkit/schema";
import { checksumAttributes } from "./checksums.js";
import { checksumSchema } from "./schema-parts.js";

const FILENAME = attr.string({
  required: true,
  description:
    "Path to the file that will be read. The data source will return an error if the file does not exist.",
});

const CONTENT_DESCRIPTION =
  "Raw content of the file that was read, as UTF-8 encoded string. " +
  "Files that do not contain UTF-8 text will have invalid UTF-8 sequences in `content`\n  replaced with the Unicode replacement character.";

const BASE64_DESCRIPTION =
  "Base64 encoded version of the file content (use this when dealing with binary data).";

/** Reads the file and returns every computed attribute (shared by both data sources). */
function readLocalFile(filename: string) {
  let content: Buffer;
  try {
    content = readFileSync(filename);
  } catch (error) {
    throw new ProviderError("Read local file data source error", {
      detail: `The file at given path cannot be read.\n\n+Original Error: ${(error as Error).message}`,
    });
  }
  return {
    filename,
    // Invalid UTF-8 becomes U+FFFD, as Go's string conversion does on the wire.
    content: content.toString("utf8"),
    content_base64: content.toString("base64"),
    ...checksumAttributes(content),
  };
}

/**
 * `data "local_file"`: reads a file from the local filesystem.
 * @category models
 */
export const localFileDataSource = defineDataSource({
  typeName: "local_file",
  schema: dataSourceSchema({
    description: "Reads a file from the local filesystem.",
    attributes: {
      filename: FILENAME,
      // Upstream's description of this one ends with a space; kept, so the wire schema is the same.
      content: attr.string({ computed: true, description: `${CONTENT_DESCRIPTION} ` }),
      content_base64: attr.string({ computed: true, description: BASE64_DESCRIPTION }),
      ...checksumSchema,
    },
  }),
  read: (config) => readLocalFile(config.filename),
});

/**
 * `data "local_sensitive_file"`: `local_file` whose content attributes are sensitive.
 * @category models
 */
export const localSensitiveFileDataSource = defineDataSource({
  typeName: "local_sensitive_file",
  schema: dataSourceSchema({
    description: "Reads a file that contains sensitive data, from the local filesystem.",
    attributes: {
      filename: FILENAME,
      content: attr.string({ computed: true, sensitive: true, description: CONTENT_DESCRIPTION }),
      content_base64: attr.string({ computed: true, sensitive: true, description: BASE64_DESCRIPTION }),
      ...checksumSchema,
    },
  }),
  read: (config) => readLocalFile(config.filename),
});
