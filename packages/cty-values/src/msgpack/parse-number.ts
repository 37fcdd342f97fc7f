import { CtyError, isCtyError } from "../errors.js";
import { CtyNumber } from "../number.js";

/**
 * Parses a number written as decimal text in codec input (msgpack string numbers, JSON numbers
 * and numeric strings), refusing what could not be written back.
 *
 * @remarks go-cty accepts any exponent Go's `big.ParseFloat` accepts (`1e999999`), but tfkit
 * formats decimal text only up to about 1e300000 and down to 1e-130000 (see `CtyNumber`). A
 * decoder that accepted such a number would hand the caller a value that every encoder then
 * refuses, so the decoders refuse it up front, as an out-of-range number. The check formats the
 * number once; `text()` is memoized, so encoding the value later costs nothing more.
 * @returns the number, or a `CtyError` with code `"number"`: `a number is required` for text
 * that is not a number, or the out-of-range message.
 * @internal
 */
export function parseCodecNumber(text: string): CtyNumber | CtyError {
  try {
    const n = CtyNumber.parse(text);
    n.text();
    return n;
  } catch (err) {
    return isCtyError(err) ? err : new CtyError("number", "a number is required", { cause: err });
  }
}

/** Whether a {@link parseCodecNumber} failure is the out-of-range case. @internal */
export function isOutOfRange(err: CtyError): boolean {
  return err.rawMessage !== "a number is required";
}
