/**
 * The one normalisation the conformance runner applies to go-cty's msgpack decode-error paths.
 *
 * go-cty's `msgpack.Unmarshal` records object attributes as string index steps
 * (`["network_interface"][0]["ip"]`); tfkit's `fromMsgpack` deliberately uses attribute steps
 * (`.network_interface[0].ip`), as `fromJson`, the encoders and Terraform's diagnostics do. This
 * rewrites an expected go-cty path into tfkit's form by walking it along the vector's type: a
 * `["name"]` step is turned into `.name` only where the type at that point is an object. Map keys
 * and list/set/tuple indices are left exactly as go-cty rendered them, and anything the walk does
 * not understand throws, so a vector can never pass through a silently mangled expectation.
 * @internal
 */
import type { ErrorDesc, TypeJson } from "@tfkit/conformance";

type Step =
  | { kind: "attr"; name: string; text: string }
  | { kind: "string"; key: string; text: string }
  | {
      kind: "number";
      index: number;
      text: string;
    };

/** Splits a path rendered as Terraform renders it into its steps. */
function parseRenderedPath(path: string): Step[] {
  const steps: Step[] = [];
  let i = 0;
  while (i < path.length) {
    const start = i;
    if (path[i] === ".") {
      i++;
      while (i < path.length && path[i] !== "." && path[i] !== "[") i++;
      steps.push({ kind: "attr", name: path.slice(start + 1, i), text: path.slice(start, i) });
      continue;
    }
    if (path[i] !== "[") throw new Error(`cannot parse path ${JSON.stringify(path)} at ${i}`);
    if (path[i + 1] === '"') {
      // A Go-quoted string: find the closing quote that is not escaped.
      let j = i + 2;
      while (j < path.length && path[j] !== '"') j += path[j] === "\\" ? 2 : 1;
      if (path[j + 1] !== "]") throw new Error(`cannot parse path ${JSON.stringify(path)} at ${i}`);
      // Go's %q and JSON agree on the escapes go-cty vectors use; anything else fails loudly here.
      const key = JSON.parse(path.slice(i + 1, j + 1)) as string;
      i = j + 2;
      steps.push({ kind: "string", key, text: path.slice(start, i) });
      continue;
    }
    const close = path.indexOf("]", i);
    const body = path.slice(i + 1, close);
    if (close < 0 || !/^-?\d+$/.test(body))
      throw new Error(`cannot parse path ${JSON.stringify(path)} at ${i}`);
    i = close + 1;
    steps.push({ kind: "number", index: Number(body), text: path.slice(start, i) });
  }
  return steps;
}

/**
 * Rewrites a go-cty msgpack decode-error path (`["a"][0]["b"]`) into tfkit's form
 * (`.a[0].b`), turning a string index step into an attribute step only where `type` says the
 * value at that point is an object.
 * @internal
 */
export function goCtyMsgpackPathAsTfkit(path: string, type: TypeJson): string {
  let current: TypeJson | undefined = type;
  let out = "";
  for (const step of parseRenderedPath(path)) {
    if (current === undefined) throw new Error(`path ${path} goes below an attribute the type lacks`);
    if (current === "dynamic") throw new Error(`cannot normalise path ${path}: it crosses a dynamic value`);
    if (typeof current === "string") throw new Error(`path ${path} steps into primitive ${current}`);
    const [kind, arg] = current as readonly [string, unknown];
    if (kind === "object") {
      if (step.kind === "number") throw new Error(`path ${path} indexes an object by number`);
      const name = step.kind === "attr" ? step.name : step.key;
      out += `.${name}`;
      current = (arg as Record<string, TypeJson>)[name];
    } else if (kind === "tuple") {
      if (step.kind !== "number") throw new Error(`path ${path} indexes a tuple by ${step.text}`);
      out += step.text;
      current = (arg as readonly TypeJson[])[step.index];
    } else if (kind === "list" || kind === "set" || kind === "map") {
      const want = kind === "map" ? "string" : "number";
      if (step.kind !== want) throw new Error(`path ${path} indexes a ${kind} by ${step.text}`);
      out += step.text;
      current = arg as TypeJson;
    } else {
      throw new Error(`unknown type JSON ${JSON.stringify(current)}`);
    }
  }
  return out;
}

/**
 * The expected msgpack decode error of a vector, with its path in tfkit's form
 * ({@link goCtyMsgpackPathAsTfkit}); the message and exactness are untouched.
 * @internal
 */
export function msgpackDecodeErrorAsTfkit(e: ErrorDesc, type: TypeJson): ErrorDesc {
  return { ...e, path: goCtyMsgpackPathAsTfkit(e.path, type) };
}
