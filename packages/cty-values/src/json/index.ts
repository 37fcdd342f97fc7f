export { fromJson } from "./decode.js";
export { toJson } from "./encode.js";
export { type JsonNode, type JsonParseResult, parseJson, parseJsonPrefix } from "./parse.js";
