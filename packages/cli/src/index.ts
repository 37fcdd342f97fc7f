/**
 * Provider distribution for tfkit: single executables (Node SEA), registry-style releases,
 * `filesystem_mirror` layouts and registry-format provider documentation. The `tfkit` command
 * wraps these functions.
 *
 * @packageDocumentation
 */
export { type BundleOptions, bundleProvider } from "./bundle.js";
export {
  DocsTemplateError,
  type DocsTemplateFields,
  type DocsTemplateOptions,
  type DocsTemplateProblem,
  type DocsTemplateResult,
  type DocsTemplateValue,
  formatDocsTemplateProblems,
  renderDocsTemplate,
} from "./docs/template.js";
export {
  type DocsProblem,
  type DocsValidation,
  formatDocsProblems,
  type ValidateDocsOptions,
  validateProviderDocs,
} from "./docs/validate.js";
export {
  checkProviderDocs,
  type DocsDifference,
  formatDocsDifferences,
  type LineDifference,
  type LoadedProvider,
  type LoadProviderOptions,
  loadProviderModule,
  type WrittenDocs,
  writeProviderDocs,
} from "./docs-files.js";
export { type PackageFile, packageHashH1, sha256Hex } from "./hash.js";
export { createMirror, type MirrorOptions, type MirrorResult } from "./mirror.js";
export { type ParsedZipName, parseZipName, type ReleaseNames, releaseNames } from "./names.js";
export {
  type PackagedTarget,
  type PackageOptions,
  type PackageResult,
  packageProvider,
  RELEASE_MANIFEST,
} from "./package-provider.js";
export {
  type DocsCallContext,
  type DocsDiagnostic,
  type DocsFunction,
  type DocsFunctions,
  type DocsFunctionParameter,
  type DocsIdentitySchemas,
  type DocsProviderSchema,
  type DocumentableProvider,
  type GenerateDocsOptions,
  generateProviderDocs,
} from "./provider-docs.js";
export {
  type DocsAttribute,
  type DocsBlock,
  type DocsIdentityAttribute,
  type DocsIdentitySchema,
  type DocsNestedBlock,
  type DocsNestedType,
  type DocsSchema,
  docTypeName,
  renderSchemaMarkdown,
} from "./schema-markdown.js";
export { type NodeRuntime, nodeRuntimeFromNpm } from "./runtime.js";
export { buildSingleExecutable, type SingleExecutableOptions } from "./sea.js";
export {
  type DetachedSignature,
  detachSign,
  SIGNING_KEY_ENV,
  type SigningKey,
  signingKeyFromEnv,
} from "./sign.js";
export { measureStartup, type StartupOptions, type StartupTimes } from "./startup.js";
export { currentTarget, parseTarget, RELEASE_TARGETS, type Target } from "./targets.js";
