export { fromMsgpack } from "./decode.js";
export { toMsgpack } from "./encode.js";
