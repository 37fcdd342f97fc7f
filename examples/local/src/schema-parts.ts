import { requiresReplace } from "@tfkit/plan-engine";
import { attr } from "@tfkit/schema";
import { filePermission } from "./file-permission.js";

const NUMERIC_NOTATION =
  "[numeric notation](https://en.wikipedia.org/wiki/File-system_permissions#Numeric_notation)";

/**
 * The computed checksum attributes every file resource and data source has, with `id`.
 * @category models
 */
export const checksumSchema = {
  id: attr.string({
    computed: true,
    description: "The hexadecimal encoding of the SHA1 checksum of the file content.",
  }),
  content_md5: attr.string({ computed: true, description: "MD5 checksum of file content." }),
  content_sha1: attr.string({ computed: true, description: "SHA1 checksum of file content." }),
  content_sha256: attr.string({ computed: true, description: "SHA256 checksum of file content." }),
  content_base64sha256: attr.string({
    computed: true,
    description: "Base64 encoded SHA256 checksum of file content.",
  }),
  content_sha512: attr.string({ computed: true, description: "SHA512 checksum of file content." }),
  content_base64sha512: attr.string({
    computed: true,
    description: "Base64 encoded SHA512 checksum of file content.",
  }),
};

/**
 * `filename`, `file_permission` and `directory_permission` of a file resource, every one forcing
 * replacement, the permissions defaulting to `defaultPermission`.
 * @category models
 */
export function fileTargetSchema<D extends string>(defaultPermission: D) {
  const permission = (what: string) =>
    attr.of(filePermission, {
      optional: true,
      computed: true,
      default: defaultPermission as string,
      description:
        `Permissions to set for ${what} (before umask), expressed as string in\n ${NUMERIC_NOTATION}.\n ` +
        `Default value is \`"${defaultPermission}"\`.`,
      planModifiers: [requiresReplace()],
    });
  return {
    filename: attr.string({
      required: true,
      description:
        "The path to the file that will be created.\n " +
        "Missing parent directories will be created.\n " +
        "If the file already exists, it will be overridden with the given content.",
      planModifiers: [requiresReplace()],
    }),
    file_permission: permission("the output file"),
    directory_permission: permission("directories created"),
  };
}
