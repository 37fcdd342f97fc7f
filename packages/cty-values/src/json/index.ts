export { fromJson } from "./decode.js";
export { toJson } from "./encode.js";
