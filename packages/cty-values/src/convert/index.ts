export type { Conversion } from "./path-conversion.js";
export {
  convert,
  getConversion,
  getConversionUnsafe,
  mismatchMessage,
  unify,
  unifyUnsafe,
} from "./public.js";
export type { Unification } from "./unify.js";
