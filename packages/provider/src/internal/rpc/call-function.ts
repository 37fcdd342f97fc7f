import { objectVal, typeToJson, type Value } from "@tfkit/cty-values";
import type {
  CallContext,
  CallFunctionRequest,
  CallFunctionResponse,
  FunctionParameter as WireParameter,
  FunctionSignature,
} from "@tfkit/grpc-transport";
import { attr, fromModel, providerSchema, type Schema, type TypeSpec, toModel } from "@tfkit/schema";
import { Diagnostics } from "../../diagnostics.js";
import { isFunctionArgumentError, isProviderError } from "../../errors.js";
import type { FunctionParameter, FunctionType } from "../../function.js";
import { encodeValue, readDynamic } from "../steps.js";

/** One-attribute schemas let the schema package map single values to and from models. */
const holders = new WeakMap<TypeSpec, Schema>();
function holder(spec: TypeSpec): Schema {
  let s = holders.get(spec);
  if (s === undefined) {
    s = providerSchema({ attributes: { value: attr.of(spec, { optional: true }) } }) as unknown as Schema;
    holders.set(spec, s);
  }
  return s;
}

function toArgModel(spec: TypeSpec, v: Value, allowUnknown: boolean): unknown {
  const s = holder(spec);
  const m = toModel(s, objectVal({ value: v }), allowUnknown ? "config" : "known_config") as Record<
    string,
    unknown
  >;
  return m.value;
}

function fromResultModel(spec: TypeSpec, m: unknown): Value {
  const s = holder(spec);
  return fromModel(s, { value: m } as never, "state").getAttr("value");
}

function wireParameter(p: FunctionParameter): WireParameter {
  return {
    name: p.name,
    type: typeToJson(p.type.type),
    allowNullValue: p.allowNull === true,
    allowUnknownValues: p.allowUnknown === true,
    description: p.markdownDescription ?? p.description ?? "",
    descriptionKind: p.markdownDescription !== undefined ? "markdown" : "plain",
  };
}

/** @internal The tfplugin6 `Function` of a defined function. */
export function functionSignature(f: FunctionType): FunctionSignature {
  const d = f.definition;
  const sig: {
    -readonly [K in keyof FunctionSignature]: FunctionSignature[K];
  } = {
    parameters: d.parameters.map(wireParameter),
    returnType: typeToJson(d.returns.type),
    summary: d.summary ?? "",
    description: d.markdownDescription ?? d.description ?? "",
    descriptionKind: d.markdownDescription !== undefined ? "markdown" : "plain",
  };
  if (d.variadic !== undefined) sig.variadicParameter = wireParameter(d.variadic);
  if (d.deprecationMessage !== undefined) sig.deprecationMessage = d.deprecationMessage;
  return sig;
}

/** @internal CallFunction: decode each argument with its parameter's type, run, encode. */
export async function callFunction(
  f: FunctionType,
  req: CallFunctionRequest,
  call: CallContext,
): Promise<CallFunctionResponse> {
  const d = f.definition;
  const n = d.parameters.length;
  const args = req.arguments;
  if (args.length < n || (d.variadic === undefined && args.length > n)) {
    return {
      error: {
        text: `function ${f.name} takes ${d.variadic === undefined ? "exactly" : "at least"} ${n} argument${n === 1 ? "" : "s"}, got ${args.length}`,
      },
    };
  }
  const fixed: unknown[] = [];
  const rest: unknown[] = [];
  for (let i = 0; i < args.length; i++) {
    const p = (i < n ? d.parameters[i] : d.variadic) as FunctionParameter;
    let v: Value;
    try {
      v = readDynamic(args[i], p.type.type);
    } catch (e) {
      return {
        error: {
          text: `Invalid value for "${p.name}" parameter: ${e instanceof Error ? e.message : String(e)}.`,
          functionArgument: i,
        },
      };
    }
    if (v.isNull() && p.allowNull !== true) {
      return {
        error: {
          text: `Invalid value for "${p.name}" parameter: argument must not be null.`,
          functionArgument: i,
        },
      };
    }
    if (!v.isWhollyKnown() && p.allowUnknown !== true) {
      return {
        error: {
          text: `Invalid value for "${p.name}" parameter: argument must be known.`,
          functionArgument: i,
        },
      };
    }
    let m: unknown;
    try {
      m = toArgModel(p.type, v, p.allowUnknown === true);
    } catch (e) {
      return {
        error: {
          text: `Invalid value for "${p.name}" parameter: ${e instanceof Error ? e.message : String(e)}.`,
          functionArgument: i,
        },
      };
    }
    (i < n ? fixed : rest).push(m);
  }
  let result: unknown;
  const diagnostics = new Diagnostics();
  try {
    result = await d.run(fixed as never, rest as never, {
      signal: call.signal,
      logger: call.logger.with({ tf_function: f.name }),
      diagnostics,
    });
  } catch (e) {
    if (isFunctionArgumentError(e)) {
      if (e.argument < 0 || e.argument >= args.length) {
        return {
          error: {
            text: `${e.message} (the function named argument ${e.argument}, but it was called with ${args.length})`,
          },
        };
      }
      return { error: { text: e.message, functionArgument: e.argument } };
    }
    if (isProviderError(e))
      return { error: { text: e.detail === "" ? e.summary : `${e.summary}: ${e.detail}` } };
    return {
      error: {
        text: `Unexpected error in function ${f.name}: ${e instanceof Error ? e.message : String(e)}`,
      },
    };
  }
  // Functions answer with one error and no warnings (tfplugin6 FunctionError).
  const firstError = diagnostics.all.find((x) => x.severity === "error");
  if (firstError !== undefined) {
    const text =
      firstError.detail === undefined ? firstError.summary : `${firstError.summary}: ${firstError.detail}`;
    return { error: { text } };
  }
  for (const w of diagnostics.all)
    call.logger.warn(`function ${f.name}: ${w.summary}`, { detail: w.detail ?? "" });
  try {
    if (result === undefined)
      throw new TypeError("the function returned undefined (return null for a null result)");
    const v = fromResultModel(d.returns, result);
    return { result: encodeValue(v, d.returns.type) };
  } catch (e) {
    return {
      error: {
        text: `function ${f.name} returned a value that does not fit its return type: ${e instanceof Error ? e.message : String(e)}`,
      },
    };
  }
}
