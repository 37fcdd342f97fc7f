import { CtyError } from "../errors.js";
import { CtyNumber } from "../number.js";
import type { Path } from "../path.js";
import type { PrimitiveType, Type } from "../type.js";
import { False, numberVal, stringVal, True } from "../value.js";
import type { PathConversion } from "./path-conversion.js";

const stringTrue = stringVal("true");
const stringFalse = stringVal("false");

/** number → string: the canonical decimal text (Go `Text('f', -1)`). Safe. */
const numberToString: PathConversion = (value) => stringVal(value.asNumber().text());

/** bool → string: `"true"` or `"false"`. Safe. */
const boolToString: PathConversion = (value) => (value.asBool() ? stringTrue : stringFalse);

/** string → number: parsed like HCL and JSON numbers (512 bits). Unsafe. */
const stringToNumber: PathConversion = (value, path: Path) => {
  let parsed: CtyNumber;
  try {
    parsed = CtyNumber.parse(value.asString());
  } catch {
    throw new CtyError("conversion", "a number is required", { path });
  }
  return numberVal(parsed);
};

/** string → bool: only `"true"`, `"1"`, `"false"` and `"0"`. Unsafe. */
const stringToBool: PathConversion = (value, path: Path) => {
  const s = value.asString();
  switch (s) {
    case "true":
    case "1":
      return True;
    case "false":
    case "0":
      return False;
  }
  // Other spellings of the two words get a hint, as go-cty gives.
  const lower = s.toLowerCase();
  if (lower === "true" || lower === "false") {
    throw new CtyError("conversion", `a bool is required; to convert from string, use lowercase "${lower}"`, {
      path,
    });
  }
  throw new CtyError("conversion", "a bool is required", { path });
};

/**
 * The conversion between two primitive types, if any (go-cty `primitiveConversionsSafe` and
 * `primitiveConversionsUnsafe`).
 *
 * @remarks There is none between number and bool, and none from a type to itself.
 * @internal
 */
export function primitiveConversion(
  from: Type,
  to: PrimitiveType,
  unsafe: boolean,
): PathConversion | undefined {
  if (to.kind === "string") {
    if (from.kind === "number") return numberToString;
    if (from.kind === "bool") return boolToString;
    return undefined;
  }
  if (!unsafe || from.kind !== "string") return undefined;
  return to.kind === "number" ? stringToNumber : stringToBool;
}
