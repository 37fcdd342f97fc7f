/**
 * Terraform schemas for TypeScript: a typed DSL for attributes (every cty type, nested
 * attributes) and blocks, a self-check with Terraform's own rules, the implied cty type, a
 * protocol-neutral description for the wire, config validation with attribute paths, and
 * phase-typed models (`Config<S>`, `Plan<S>`, `State<S>`) with value ⇄ model mapping.
 *
 * @packageDocumentation
 */

// --- defining schemas ---
export { t } from "./type-constructors.js";
export type {
  CollectionOptions,
  ElementModel,
  Int64,
  ModelOfType,
  TypeSpec,
  TypeSpecKind,
} from "./type-spec.js";
export {
  type AttributeOptions,
  attr,
  type HasDefaultOf,
  type NestedAttributeOptions,
  type PresenceOf,
  type WriteOnlyOf,
} from "./attribute.js";
export { type BlockDefinition, block } from "./block.js";
export {
  configuredTimeout,
  type GoDuration,
  type GoDurationResult,
  parseGoDuration,
  type TimeoutOperation,
  type TimeoutsAttributes,
  type TimeoutsOptions,
  timeoutsAttribute,
  timeoutsBlock,
} from "./timeouts.js";
export {
  isSemanticType,
  type SemanticBehaviour,
  type SemanticIssue,
  type SemanticModel,
  type SemanticType,
  type SemanticTypeDefinition,
  semanticType,
} from "./semantic/semantic-type.js";
export { semanticTypes } from "./semantic/builtins.js";
export { parseRFC3339, type RFC3339Result, type RFC3339Time } from "./semantic/rfc3339.js";
export {
  checkSchema,
  dataSourceSchema,
  ephemeralResourceSchema,
  isSchemaError,
  providerMetaSchema,
  providerSchema,
  resourceSchema,
  type Schema,
  type SchemaDefinition,
  SchemaError,
  type SchemaKind,
} from "./schema.js";
export type {
  AnyAttributeSpec,
  AttributeNesting,
  AttributeSpec,
  AttributeSpecBase,
  Attributes,
  BlockNesting,
  Blocks,
  BlockSpec,
  NestedAttributeSpec,
  Presence,
} from "./spec.js";
export type {
  PlanModifier,
  Validator,
  ValidatorContext,
  ValidatorFunction,
  ValidatorIssue,
  ValidatorObject,
  ValidatorResult,
} from "./validator.js";

// --- models ---
export { isUnknown, Unknown } from "./unknown.js";
export type {
  AttributesModel,
  AttributeValueModel,
  BlockValueModel,
  BodyModel,
  Config,
  KnownConfig,
  Model,
  Phase,
  Plan,
  Proposed,
  SchemaBody,
  ReadState,
  State,
} from "./model-types.js";
export { attributeEntries, blockEntries } from "./entries.js";
export { fromModel, fromModelSalvaging, type SalvagedValue, toModel } from "./model.js";
export { getAttribute, type PathInput, setAttribute, toPath } from "./path-access.js";
export { nullWriteOnlyAttributes } from "./write-only.js";
export { specAtPath } from "./spec-at-path.js";

// --- validation ---
export { type Diagnostic, hasErrors } from "./diagnostics.js";
export { type ValidateConfigOptions, validateConfig } from "./validate-config.js";
export { type ConfigValidator, type ConfigValidatorContext, configValidator } from "./validators/config.js";
export { listValidator, mapValidator, setValidator } from "./validators/collection.js";
export { type NumberInput, type NumberModel, numberValidator } from "./validators/number.js";
export {
  isPathExpression,
  matchRelative,
  matchRoot,
  PathExpression,
  type PathExpressionStep,
  type PathTarget,
} from "./validators/path-expression.js";
export { type IpOptions, stringValidator } from "./validators/string.js";

// --- wire description, implied type ---
export {
  type AttributeDescription,
  type BlockDescription,
  DESCRIPTION_KIND_NUMBER,
  type DescriptionKind,
  NESTING_MODE_NUMBER,
  type NestedBlockDescription,
  type ObjectDescription,
  type SchemaDescription,
  toSchemaDescription,
} from "./description.js";
export { emptyValue, impliedType } from "./implied-type.js";
