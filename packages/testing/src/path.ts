/**
 * One step of an {@link AttrPath}: an attribute name or map key (string), or a list, set or tuple
 * index (number).
 *
 * @remarks terraform-plugin-testing's `tfjsonpath.Path` steps: `AtMapKey` for strings,
 * `AtSliceIndex` for numbers.
 * @category models
 */
export type AttrPathStep = string | number;

/**
 * A path into a resource's values as `terraform show -json` prints them, e.g.
 * `["network_interface", 0, "name"]`.
 *
 * @remarks Set elements are addressed by their position in Terraform's JSON array (go-cty set
 * order). Mirrors terraform-plugin-testing's `tfjsonpath.Path`.
 * @category models
 */
export type AttrPath = readonly AttrPathStep[];

/**
 * Builds an {@link AttrPath}: `path("network_interface", 0, "name")`.
 *
 * @remarks Same as writing the array literal; reads like `tfjsonpath.New("a").AtSliceIndex(0)`.
 * @example
 * ```ts
 * statecheck.expectKnownValue("demo_server.a", path("tags", "env"), knownvalue.stringExact("dev"));
 * ```
 * @category constructors
 */
export function path(...steps: AttrPathStep[]): AttrPath {
  for (const step of steps) {
    if (typeof step === "number" && !(Number.isInteger(step) && step >= 0)) {
      throw new TypeError(`path: index ${step} is not a non-negative integer`);
    }
  }
  return Object.freeze([...steps]);
}

/**
 * Renders a path the way Terraform prints one: `network_interface[0].name`, `tags["env"]`.
 *
 * @remarks Like Terraform's `tfdiags.FormatCtyPath`; a name that is not an identifier is
 * written as an index (`["a b"]`).
 * @internal
 */
export function formatAttrPath(p: AttrPath | string): string {
  if (typeof p === "string") return p;
  let out = "";
  for (const step of p) {
    if (typeof step === "number") out += `[${step}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(step)) out += out === "" ? step : `.${step}`;
    else out += `[${JSON.stringify(step)}]`;
  }
  return out === "" ? "(the whole object)" : out;
}

/**
 * Normalises the path argument of a check: a dotted string `"a.b"` is split on dots (a
 * convenience for simple attribute names), an array is used as is.
 *
 * @internal
 */
export function toAttrPath(p: AttrPath | string): AttrPath {
  if (typeof p !== "string") return p;
  return p === "" ? [] : p.split(".").map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}
