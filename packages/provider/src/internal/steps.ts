/**
 * @internal The named steps every RPC is made of (decode → validate → model → hook → value →
 * check → encode), each written once. An RPC file in `rpc/` is the sequence of these steps for
 * one tfplugin6 call.
 */
import {
  formatPath,
  fromJson,
  fromMsgpack,
  isCtyError,
  nullVal,
  type Path,
  testConformance,
  toMsgpack,
  type Type,
  typeEquals,
  type Value,
} from "@tfkit/cty-values";
import type { CallContext, DynamicValue, Logger } from "@tfkit/grpc-transport";
import { nullWriteOnlyAttributes } from "@tfkit/plan-engine";
import { type Diagnostic, fromModel, type Phase, type Schema, toModel, toPath } from "@tfkit/schema";
import type { ResourceContext } from "../context.js";
import type { Diagnostics } from "../diagnostics.js";
import { isProviderError, ProviderError } from "../errors.js";
import { decodePrivate, encodePrivate } from "./private-state.js";
import type { Runtime } from "./runtime.js";

/** What failed: a step returns this instead of throwing, after adding its diagnostic. */
export const FAILED: unique symbol = Symbol("failed");
/** @internal */
export type Failed = typeof FAILED;

/** Words for the values a request carries, as a provider user reads them. */
export type ValueName =
  | "configuration"
  | "provider configuration"
  | "prior state"
  | "proposed new state"
  | "planned state"
  | "current state"
  | "state";

function pathOf(e: unknown): Path | undefined {
  return isCtyError(e) && e.path !== undefined && e.path.length > 0 ? e.path : undefined;
}

function messageOf(e: unknown): string {
  if (isCtyError(e)) return e.rawMessage;
  return e instanceof Error ? e.message : String(e);
}

function invalidFromTerraform(what: ValueName, typeName: string, message: string, path?: Path): Diagnostic {
  const d: { severity: "error"; summary: string; detail: string; path?: Path } = {
    severity: "error",
    summary: `Invalid ${what} from Terraform`,
    detail: `Terraform sent ${typeName} a ${what} that does not fit its schema: ${message}.\n\nThis happens when Terraform and the provider disagree about the schema (for example after a provider upgrade without a schema version bump), or when the request did not come from Terraform.`,
  };
  if (path !== undefined) d.path = path;
  return d;
}

/**
 * A DynamicValue as core sends it (msgpack, else JSON, else a typed null), of exactly the given
 * type. A value of another type (go-cty decodes an empty map as the empty object whatever the
 * type) is refused here, not later in a model.
 * @throws `CtyError` with the path of what does not fit.
 */
export function readDynamic(dv: DynamicValue | undefined, type: Type): Value {
  let v: Value;
  if (dv?.msgpack !== undefined && dv.msgpack.length > 0) v = fromMsgpack(dv.msgpack, type);
  else if (dv?.json !== undefined && dv.json.length > 0) v = fromJson(dv.json, type);
  else return nullVal(type);
  // `dynamic` places hold values of any concrete type: conformance, not equality, decides.
  if (v.type !== type && !typeEquals(v.type, type)) {
    const [problem] = testConformance(v.type, type);
    if (problem !== undefined) throw problem;
  }
  return v;
}

/** Step "decode": {@link readDynamic}, with a diagnostic instead of an exception. */
export function decodeValue(
  dv: DynamicValue | undefined,
  type: Type,
  what: ValueName,
  typeName: string,
  diagnostics: Diagnostics,
): Value | Failed {
  try {
    return readDynamic(dv, type);
  } catch (e) {
    diagnostics.add(invalidFromTerraform(what, typeName, messageOf(e), pathOf(e)));
    return FAILED;
  }
}

/**
 * Steps "decode", "validate" and "model" for a configuration a hook gets wholly known (data
 * source read, ephemeral open): a known object that fits the schema, and its model.
 */
export function knownConfiguration(
  raw: DynamicValue | undefined,
  schema: Schema,
  typeName: string,
  diagnostics: Diagnostics,
): { readonly config: Value; readonly model: Record<string, unknown> } | Failed {
  const config = decodeValue(raw, schema.type, "configuration", typeName, diagnostics);
  if (
    config === FAILED ||
    !knownObject(config, "configuration", typeName, diagnostics, { nullable: false })
  ) {
    return FAILED;
  }
  const model = modelOf(schema, config, "known_config", "configuration", typeName, diagnostics);
  return model === FAILED ? FAILED : { config, model };
}

/**
 * The first diagnostic a step added, as a `ProviderError` to throw from a lazily built hook
 * input (the hook that read it then fails with these words).
 */
export function asProviderError(diagnostics: Diagnostics): ProviderError {
  const first = diagnostics.all[0];
  return new ProviderError(first?.summary ?? "Invalid value from Terraform", {
    ...(first?.detail === undefined ? {} : { detail: first.detail }),
    ...(first?.path === undefined ? {} : { path: first.path }),
  });
}

/** Step "validate": a value that must be a known object (or null) as a whole. */
export function knownObject(
  v: Value,
  what: ValueName,
  typeName: string,
  diagnostics: Diagnostics,
  opts: { nullable: boolean },
): boolean {
  if (!v.isKnown()) {
    diagnostics.add(invalidFromTerraform(what, typeName, "the whole object is unknown"));
    return false;
  }
  if (v.isNull() && !opts.nullable) {
    diagnostics.add(invalidFromTerraform(what, typeName, "the object is null"));
    return false;
  }
  return true;
}

/** Step "validate": a state never holds unknowns (Terraform's state cannot store them). */
export function whollyKnownState(
  v: Value,
  what: ValueName,
  typeName: string,
  diagnostics: Diagnostics,
): boolean {
  if (v.isWhollyKnown()) return true;
  diagnostics.add(invalidFromTerraform(what, typeName, "a state cannot hold unknown values"));
  return false;
}

/**
 * Step "decode" for private state: UTF-8 JSON this provider wrote, checked by the resource's
 * parser. Anything else is a diagnostic, never an exception.
 */
export function decodePrivateState(
  bytes: Uint8Array | undefined,
  parser: { parse(json: unknown): unknown } | undefined,
  typeName: string,
  diagnostics: Diagnostics,
): { value: unknown } | Failed {
  let json: unknown;
  try {
    json = decodePrivate(bytes);
  } catch (e) {
    diagnostics.error(
      "Invalid private state from Terraform",
      `The private state Terraform holds for ${typeName} is not UTF-8 JSON (${messageOf(e)}). It was not written by this provider, or it was damaged.`,
    );
    return FAILED;
  }
  if (json === undefined || parser === undefined) return { value: json };
  try {
    return { value: parser.parse(json) };
  } catch (e) {
    diagnostics.error(
      "Invalid private state from Terraform",
      `The private state Terraform holds for ${typeName} was refused by the resource's privateState parser: ${messageOf(e)}`,
    );
    return FAILED;
  }
}

/** Step "encode": private state as UTF-8 JSON (empty when none). */
export function encodePrivateState(value: unknown, typeName: string, diagnostics: Diagnostics): Uint8Array {
  try {
    return encodePrivate(value);
  } catch (e) {
    diagnostics.error(
      "Invalid private state from the provider",
      `${typeName} set a private state that cannot be written as JSON: ${messageOf(e)}. This is a bug in the provider.`,
    );
    return new Uint8Array(0);
  }
}

/** Step "model": the typed view of a value for a phase; a value that breaks the phase's promises is a diagnostic. */
export function modelOf(
  schema: Schema,
  v: Value,
  phase: Phase,
  what: ValueName,
  typeName: string,
  diagnostics: Diagnostics,
): Record<string, unknown> | Failed {
  try {
    return toModel(schema, v, phase) as Record<string, unknown>;
  } catch (e) {
    diagnostics.add(invalidFromTerraform(what, typeName, messageOf(e), pathOf(e)));
    return FAILED;
  }
}

/**
 * Step "value": what a hook returned as a value of the schema (write-only attributes null),
 * reusing `base` wherever the hook left it alone. Does not fit: a diagnostic naming the hook and
 * the model path.
 */
export function valueOfResult(
  schema: Schema,
  returned: unknown,
  phase: Phase,
  base: Value | undefined,
  hook: string,
  typeName: string,
  what: "state" | "plan",
  diagnostics: Diagnostics,
): Value | Failed {
  try {
    return nullWriteOnlyAttributes(schema, fromModel(schema, returned as never, phase, base));
  } catch (e) {
    diagnostics.add(resultDiagnostic(hook, typeName, what, e));
    return FAILED;
  }
}

/** A handler result that does not fit the schema or phase: an error with the model path. */
export function resultDiagnostic(hook: string, typeName: string, what: string, e: unknown): Diagnostic {
  const path = pathOf(e);
  // The path goes into the words too: Terraform can only underline configured attributes.
  const where = path === undefined ? "" : ` at ${formatPath(path)}`;
  const d: { severity: "error"; summary: string; detail: string; path?: Path } = {
    severity: "error",
    summary: `Invalid ${what} from ${hook}`,
    detail: `The ${hook} hook of ${typeName} returned ${what === "state" ? "a state" : `a ${what}`} that does not fit the schema${where}: ${messageOf(e)}.\n\nThis is a bug in the provider.`,
  };
  if (path !== undefined) d.path = path;
  return d;
}

/** Step "encode": a value for the wire (always msgpack: JSON cannot carry unknowns). */
export function encodeValue(v: Value, type: Type): DynamicValue {
  return { msgpack: toMsgpack(v, type) };
}

/**
 * What a throwing hook becomes: the hook's own `ProviderError` as it is; anything else a
 * diagnostic saying what failed, with the message as detail. The stack goes to the log (debug),
 * never into what Terraform shows.
 */
export function hookFailed(hook: string, typeName: string, e: unknown, logger: Logger): Diagnostic {
  if (isProviderError(e)) {
    const d: { severity: "error"; summary: string; detail?: string; path?: Path } = {
      severity: "error",
      summary: e.summary,
    };
    if (e.detail !== "") d.detail = e.detail;
    if (e.path !== undefined) {
      try {
        d.path = toPath(e.path);
      } catch {
        // a bad path must not hide the error itself
      }
    }
    return d;
  }
  if (isAbort(e)) {
    return {
      severity: "error",
      summary: `${typeName}: ${hook} was cancelled`,
      detail: `The ${hook} hook stopped because the operation was cancelled: ${messageOf(e)}`,
    };
  }
  logger.debug(`${hook} hook threw`, {
    tf_type: typeName,
    error: messageOf(e),
    stack: e instanceof Error && e.stack !== undefined ? e.stack : "",
  });
  const name = e instanceof Error && e.name !== "Error" ? `${e.name}: ` : "";
  return {
    severity: "error",
    summary: `${typeName}: ${hook} failed`,
    detail: `${name}${messageOf(e)}`,
  };
}

function isAbort(e: unknown): boolean {
  if (typeof e !== "object" || e === null || !("name" in e)) return false;
  const name = (e as { name: unknown }).name;
  return name === "AbortError" || name === "TimeoutError";
}

/**
 * Step "hook": the context every resource, data source and ephemeral hook receives. A class, so
 * `client`, `private` and `setPrivate` come from its prototype instead of being defined on every
 * context (one is made per hook call).
 *
 * @remarks A member computed on first read is an own accessor whose getter is one function
 * shared by every context, never a closure made per context: V8 keeps own accessors in the
 * hidden class, so a getter per context gives each its own class, which holds the whole request
 * alive until a full garbage collection (and promotes it out of the young generation).
 */
export class HookCallContext {
  readonly #rt: Runtime;
  readonly #priv: { value: unknown };
  readonly typeName: string;
  readonly signal: AbortSignal;
  readonly logger: Logger;
  readonly diagnostics: Diagnostics;
  constructor(
    rt: Runtime,
    typeName: string,
    signal: AbortSignal,
    logger: Logger,
    diagnostics: Diagnostics,
    priv: { value: unknown },
  ) {
    this.#rt = rt;
    this.#priv = priv;
    this.typeName = typeName;
    this.signal = signal;
    this.logger = logger;
    this.diagnostics = diagnostics;
  }
  get client(): unknown {
    return this.#rt.client();
  }
  get private(): unknown {
    return this.#priv.value;
  }
  setPrivate(value: unknown): void {
    this.#priv.value = value;
  }
}

export function hookContext(
  rt: Runtime,
  typeName: string,
  call: CallContext,
  signal: AbortSignal,
  diagnostics: Diagnostics,
  priv: { value: unknown },
  extra: object = {},
): ResourceContext {
  const ctx = new HookCallContext(
    rt,
    typeName,
    signal,
    call.logger.with({ tf_resource_type: typeName }),
    diagnostics,
    priv,
  );
  return Object.assign(ctx, extra) as unknown as ResourceContext;
}
