import { semanticType, t } from "@tfkit/schema";

const SUMMARY = "Invalid File Permission String Value";

/**
 * Why a file permission string is refused, or `undefined` when it is valid: three or four octal
 * digits, at most `0777` (numeric notation).
 * @category guards
 */
export function filePermissionProblem(mode: string): string | undefined {
  if (mode.length < 3 || mode.length > 4) {
    return `bad mode permission: string length should be 3 or 4 digits: ${mode}`;
  }
  // Go's strconv.ParseInt(s, 8, 64) takes an optional sign: "+777" parses, "-777" is < 0.
  if (!/^[+-]?[0-7]+$/.test(mode) || Number.parseInt(mode, 8) < 0 || Number.parseInt(mode, 8) > 0o777) {
    return `bad mode permission: string must be expressed in octal numeric notation: ${mode}`;
  }
  return undefined;
}

/**
 * A file permission in numeric notation (`"0644"`), checked at validate time with upstream's
 * diagnostic ("Invalid File Permission String Value"): upstream's `localtypes.FilePermissionType`.
 * @category models
 */
export const filePermission = semanticType(t.string, {
  name: "file permission",
  description: "A file permission in numeric notation, e.g. 0644.",
  validate: (mode) => {
    const detail = filePermissionProblem(mode);
    return detail === undefined ? undefined : { summary: SUMMARY, detail };
  },
});

/**
 * The mode bits of a valid permission string (`"0700"` → `0o700`).
 * @category conversion
 */
export function modeOf(permission: string): number {
  return Number.parseInt(permission, 8);
}
