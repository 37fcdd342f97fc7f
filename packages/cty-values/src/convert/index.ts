export type { Conversion } from "./conversion.js";
export { mismatchMessage } from "./mismatch.js";
export { convert, getConversion, getConversionUnsafe, unify, unifyUnsafe } from "./public.js";
export type { Unification } from "./unify.js";
