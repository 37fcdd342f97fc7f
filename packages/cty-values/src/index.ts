/**
 * Terraform's value system for TypeScript: cty types and values, exact numbers, sets in go-cty
 * order, unknowns with refinements, marks, conversion, and the msgpack and JSON codecs Terraform
 * uses on the wire, byte-for-byte with go-cty.
 *
 * @packageDocumentation
 */

// Imports run one way (biome's noImportCycles fails the lint on a circle): each group imports
// only from itself and the groups above it.
//   1. errors, type, number, path (the model and formatPath), and the internal helpers they use
//   2. value (the Value class and every constructor but setVal), internal/marks,
//      internal/number-compare, type-format
//   3. conformance, refinement (with length)
//   4. internal/set-rules (sets know elements only through rules, as go-cty's cty/set does),
//      set-hash, equality (which supplies the rules: Equivalent is Equals), set (setVal, hasElement)
//   5. path-ops, walk, convert/, type-json, json/, msgpack/

// --- types (type.ts) ---
export type {
  CollectionType,
  DynamicType,
  ListType,
  MapType,
  ObjectType,
  PrimitiveType,
  SetType,
  TupleType,
  Type,
} from "./type.js";
export {
  boolType,
  compareUtf8,
  dynamicType,
  emptyObjectType,
  emptyTupleType,
  hasDynamicTypes,
  isCollectionType,
  isPrimitiveType,
  listType,
  mapType,
  numberType,
  objectType,
  setType,
  stringType,
  tupleType,
  typeEquals,
} from "./type.js";

// --- values (value.ts) ---
export type { NumberBound, Refinement } from "./value.js";
export {
  boolVal,
  DynamicVal,
  EmptyObjectVal,
  EmptyTupleVal,
  False,
  isValue,
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  mark,
  nullVal,
  numberVal,
  objectVal,
  replaceAttributes,
  setValEmpty,
  stringVal,
  True,
  tupleVal,
  unknownVal,
  unmark,
  unmarkDeep,
  Value,
} from "./value.js";

// --- errors (errors.ts) ---
export { CtyError, CtyErrorCode, isCtyError } from "./errors.js";

// --- numbers (number.ts) ---
export { CtyNumber, isCtyNumber, numberFrom } from "./number.js";

// --- type names, GoString, type JSON (type-format.ts, type-json.ts) ---
export {
  friendlyName,
  friendlyNameForConstraint,
  pathToString,
  typeGoString,
  valueGoString,
} from "./type-format.js";
export { typeFromJson, typeToJson } from "./type-json.js";

// --- refinements and length (refinement.ts) ---
export {
  length,
  RefinementBuilder,
  refine,
  refineNotNull,
  unrefined,
  unrefinedDeep,
  ValueRange,
  valueRange,
} from "./refinement.js";
export { goQuote } from "./internal/go-quote.js";

// --- sets (set.ts, set-hash.ts) ---
export { hasElement, setVal } from "./set.js";
export { setHashString } from "./set-hash.js";

// --- equality (equality.ts) ---
export { equals, rawEquals } from "./equality.js";

// --- paths, walk, transform (path.ts, path-ops.ts, walk.ts) ---
export type { AttributeStep, IndexStep, Path, PathStep } from "./path.js";
export { attributeStep, formatPath, indexStep } from "./path.js";
export { applyPath, getPath, pathEquals, setPath } from "./path-ops.js";
export type { PathValueMarks, Transformer } from "./walk.js";
export { markWithPaths, transform, transformWith, unmarkDeepWithPaths, walk } from "./walk.js";

// --- conformance (conformance.ts) ---
export { testConformance } from "./conformance.js";

// --- conversion (convert/) ---
export type { Conversion, Unification } from "./convert/index.js";
export {
  convert,
  getConversion,
  getConversionUnsafe,
  mismatchMessage,
  unify,
  unifyUnsafe,
} from "./convert/index.js";

// --- codecs (msgpack/, json/) ---
export {
  fromJson,
  type JsonNode,
  type JsonParseResult,
  parseJson,
  parseJsonPrefix,
  toJson,
} from "./json/index.js";
export { fromMsgpack, toMsgpack } from "./msgpack/index.js";
