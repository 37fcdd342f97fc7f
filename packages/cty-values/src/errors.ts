import { formatPath, type Path } from "./path.js";

const BRAND = Symbol.for("@tfkit/cty-values/CtyError");

/**
 * Codes carried by {@link CtyError}.
 * @category errors
 */
export const CtyErrorCode = {
  /** A type constructor was misused (programmer mistake). */
  invalidType: "invalid_type",
  /** A value constructor was given inconsistent input (programmer mistake). */
  invalidValue: "invalid_value",
  /** Bytes or text could not be decoded as the expected type. */
  decode: "decode",
  /** A value could not be encoded (marks, infinity in JSON, capsule types…). */
  encode: "encode",
  /** No conversion exists between the types, or the value does not convert. */
  conversion: "conversion",
  /** A path step does not apply to the value. */
  path: "path",
  /** A number is malformed or out of the representable range. */
  number: "number",
  /** A refinement contradicts an earlier one or does not apply to the type. */
  refinement: "refinement",
} as const;

/** One of the {@link CtyErrorCode} values. @category errors */
export type CtyErrorCode = (typeof CtyErrorCode)[keyof typeof CtyErrorCode];

/**
 * The error thrown by cty-values for programmer mistakes and undecodable input.
 *
 * @remarks `message` is rendered like Terraform renders a cty path error: `<path>: <rawMessage>`
 * (for example `.network_interface[0].ip: string required`), or just `rawMessage` for an empty
 * path.
 * @category errors
 */
export class CtyError extends Error {
  /** Always `"CtyError"`. */
  override name = "CtyError";
  /** What kind of failure this is. */
  readonly code: CtyErrorCode;
  /** Where in the value the failure is, when known. */
  readonly path: Path | undefined;
  /** The message without the path prefix. */
  readonly rawMessage: string;
  /** @internal brand checked by {@link isCtyError}, so the guard works across package copies. */
  readonly [BRAND] = true;

  constructor(code: CtyErrorCode, message: string, options: { path?: Path; cause?: unknown } = {}) {
    const prefix = options.path && options.path.length > 0 ? `${formatPath(options.path)}: ` : "";
    super(prefix + message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.path = options.path;
    this.rawMessage = message;
  }

  /** Wraps anything thrown into a CtyError (returned unchanged when it already is one). */
  static from(reason: unknown, code: CtyErrorCode = "invalid_value"): CtyError {
    if (isCtyError(reason)) return reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    return new CtyError(code, message, { cause: reason });
  }
}

/** Reports whether a value is a {@link CtyError} (brand check, safe across module copies). @category guards */
export function isCtyError(u: unknown): u is CtyError {
  return typeof u === "object" && u !== null && (u as Record<symbol, unknown>)[BRAND] === true;
}
