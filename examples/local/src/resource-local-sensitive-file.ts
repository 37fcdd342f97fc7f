import { requiresReplace } from "@tfkit/plan-engine";
import { defineResource } from "@tfkit/provider";
import { attr, isUnknown, resourceSchema } from "@tfkit/schema";
import { fileUnchanged, removeLocalFile, writeLocalFile } from "./local-file.js";
import { checksumSchema, fileTargetSchema } from "./schema-parts.js";

/**
 * The `local_sensitive_file` schema: exactly one of `content`, `content_base64` (both
 * sensitive) and `source`; permissions default to `0700`; every argument forces replacement.
 * @category models
 */
export const localSensitiveFileSchema = resourceSchema({
  description: "Generates a local file with the given sensitive content.",
  attributes: {
    ...fileTargetSchema("0700"),
    content: attr.string({
      optional: true,
      sensitive: true,
      description:
        "Sensitive Content to store in the file, expected to be a UTF-8 encoded string.\n " +
        "Conflicts with `content_base64` and `source`.\n " +
        "Exactly one of these three arguments must be specified.",
      exactlyOneOf: ["content_base64", "source"],
      planModifiers: [requiresReplace()],
    }),
    content_base64: attr.string({
      optional: true,
      sensitive: true,
      description:
        "Sensitive Content to store in the file, expected to be binary encoded as base64 string.\n " +
        "Conflicts with `content` and `source`.\n " +
        "Exactly one of these three arguments must be specified.",
      exactlyOneOf: ["content", "source"],
      planModifiers: [requiresReplace()],
    }),
    source: attr.string({
      optional: true,
      description:
        "Path to file to use as source for the one we are creating.\n " +
        "Conflicts with `content` and `content_base64`.\n " +
        "Exactly one of these three arguments must be specified.",
      exactlyOneOf: ["content", "content_base64"],
      planModifiers: [requiresReplace()],
    }),
    ...checksumSchema,
  },
});

/**
 * `local_sensitive_file`: `local_file` whose content never shows in plans.
 * @category models
 */
export const localSensitiveFile = defineResource({
  typeName: "local_sensitive_file",
  schema: localSensitiveFileSchema,
  create: (plan) => {
    const filePermission = isUnknown(plan.file_permission) ? "0700" : plan.file_permission;
    const directoryPermission = isUnknown(plan.directory_permission) ? "0700" : plan.directory_permission;
    const computed = writeLocalFile(
      "local sensitive file",
      plan.filename,
      { text: plan.content, base64: plan.content_base64, source: plan.source },
      filePermission,
      directoryPermission,
    );
    return {
      ...plan,
      file_permission: filePermission,
      directory_permission: directoryPermission,
      ...computed,
    };
  },
  read: (state) => (fileUnchanged("local sensitive file", state.filename ?? "", state.id) ? state : null),
  // Unreachable: every argument forces replacement and nothing computed is planned on update.
  update: (_plan, prior) => prior,
  delete: (prior) => removeLocalFile(prior.filename),
});
