import { requiresReplace } from "@tfkit/plan-engine";
import { defineResource } from "@tfkit/provider";
import { attr, isUnknown, resourceSchema } from "@tfkit/schema";
import { fileUnchanged, removeLocalFile, writeLocalFile } from "./local-file.js";
import { checksumSchema, fileTargetSchema } from "./schema-parts.js";

/**
 * The `local_file` schema: exactly one of `content`, `sensitive_content`, `content_base64` and
 * `source`; every argument forces replacement.
 * @category models
 */
export const localFileSchema = resourceSchema({
  description: "Generates a local file with the given content.",
  attributes: {
    ...fileTargetSchema("0777"),
    content: attr.string({
      optional: true,
      description:
        "Content to store in the file, expected to be a UTF-8 encoded string.\n " +
        "Conflicts with `sensitive_content`, `content_base64` and `source`.\n " +
        "Exactly one of these four arguments must be specified.",
      exactlyOneOf: ["sensitive_content", "content_base64", "source"],
      planModifiers: [requiresReplace()],
    }),
    content_base64: attr.string({
      optional: true,
      description:
        "Content to store in the file, expected to be binary encoded as base64 string.\n " +
        "Conflicts with `content`, `sensitive_content` and `source`.\n " +
        "Exactly one of these four arguments must be specified.",
      exactlyOneOf: ["content", "sensitive_content", "source"],
      planModifiers: [requiresReplace()],
    }),
    source: attr.string({
      optional: true,
      description:
        "Path to file to use as source for the one we are creating.\n " +
        "Conflicts with `content`, `sensitive_content` and `content_base64`.\n " +
        "Exactly one of these four arguments must be specified.",
      exactlyOneOf: ["content", "sensitive_content", "content_base64"],
      planModifiers: [requiresReplace()],
    }),
    sensitive_content: attr.string({
      optional: true,
      sensitive: true,
      deprecated: "Use the `local_sensitive_file` resource instead",
      description:
        "Sensitive content to store in the file, expected to be an UTF-8 encoded string.\n " +
        "Will not be displayed in diffs.\n " +
        "Conflicts with `content`, `content_base64` and `source`.\n " +
        "Exactly one of these four arguments must be specified.\n " +
        "If in need to use _sensitive_ content, please use the [`local_sensitive_file`](./sensitive_file.html)\n " +
        "resource instead.",
      exactlyOneOf: ["content", "content_base64", "source"],
      planModifiers: [requiresReplace()],
    }),
    ...checksumSchema,
  },
});

/**
 * `local_file`: a file on the machine running Terraform. A file that is gone or whose content
 * changed is dropped from state at refresh, so the next apply writes it again.
 * @category models
 */
export const localFile = defineResource({
  typeName: "local_file",
  schema: localFileSchema,
  create: (plan) => {
    // Known at apply: the configuration or the default set them (nothing plans them unknown).
    const filePermission = isUnknown(plan.file_permission) ? "0777" : plan.file_permission;
    const directoryPermission = isUnknown(plan.directory_permission) ? "0777" : plan.directory_permission;
    const computed = writeLocalFile(
      "local file",
      plan.filename,
      { text: plan.sensitive_content ?? plan.content, base64: plan.content_base64, source: plan.source },
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
  read: (state) => (fileUnchanged("local file", state.filename ?? "", state.id) ? state : null),
  // Unreachable: every argument forces replacement and nothing computed is planned on update.
  update: (_plan, prior) => prior,
  delete: (prior) => removeLocalFile(prior.filename),
});
