import { checkReadResult } from "@tfkit/contracts";
import { setPath, stringVal, type Value } from "@tfkit/cty-values";
import type {
  CallContext,
  ImportResourceStateRequest,
  ImportResourceStateResponse,
} from "@tfkit/grpc-transport";
import { type Diagnostic, emptyValue } from "@tfkit/schema";
import { Diagnostics } from "../../diagnostics.js";
import type { AnyResource, Model } from "../resource-types.js";
import { deferral, reportViolations, type Runtime, wire } from "../runtime.js";
import { encodePrivateState, encodeValue, FAILED, hookContext, hookFailed, valueOfResult } from "../steps.js";

/**
 * @internal ImportResourceState: the import ID → `importState` (or the passthrough) → a state
 * holding what it set, every other attribute null (the `read` that follows fills them in) →
 * contract checks → encode.
 */
export async function importResourceStateRpc(
  rt: Runtime,
  res: AnyResource,
  req: ImportResourceStateRequest,
  call: CallContext,
): Promise<ImportResourceStateResponse> {
  const { schema, typeName } = res;
  const type = schema.type;
  const diagnostics = new Diagnostics();
  const priv = { value: undefined as unknown };
  const imp = res.definition.importState;
  if (imp === undefined) {
    diagnostics.error(
      "Resource Import Not Implemented",
      `This resource does not support import. Please contact the provider developer for additional information.\n\nResource type: ${typeName}`,
    );
    return { diagnostics: wire(diagnostics.all) };
  }
  const importDeferral = deferral(req.clientCapabilities, "importState", diagnostics);
  const empty = emptyValue(schema);
  let state: Value;
  if (typeof imp !== "function") {
    state = setPath(empty, [{ kind: "attribute", name: imp.attribute }], stringVal(req.id));
  } else {
    let given: unknown;
    try {
      given = await imp(
        req.id,
        hookContext(rt, typeName, call, call.signal, diagnostics, priv, importDeferral.context) as never,
      );
    } catch (e) {
      diagnostics.add(hookFailed("importState", typeName, e, call.logger));
      return { diagnostics: wire(diagnostics.all, type) };
    }
    if (given === null || typeof given !== "object") {
      diagnostics.error(
        "Invalid state from importState",
        `The importState hook of ${typeName} returned ${given === null ? "null" : typeof given}; return the attributes the following read needs, e.g. { id }.\n\nThis is a bug in the provider.`,
      );
      return { diagnostics: wire(diagnostics.all, type) };
    }
    // Attributes importState did not set are null; blocks are empty.
    const merged: Model = { ...nullModelOf(schema), ...(given as Model) };
    const v = valueOfResult(schema, merged, "read", empty, "importState", typeName, "state", diagnostics);
    if (v === FAILED) return { diagnostics: wire(diagnostics.all, type) };
    state = v;
  }
  if (diagnostics.hasErrors()) return { diagnostics: wire(diagnostics.all, type) };
  const out: Diagnostic[] = [];
  reportViolations(
    rt,
    call.logger,
    typeName,
    () => checkReadResult(schema, state),
    () => "importState",
    out,
  );
  diagnostics.add(out);
  return {
    importedResources: [
      {
        typeName,
        state: encodeValue(state, type),
        private: encodePrivateState(priv.value, typeName, diagnostics),
      },
    ],
    diagnostics: wire(diagnostics.all, type),
    ...(importDeferral.reason === undefined ? {} : { deferred: { reason: importDeferral.reason } }),
  };
}

/** The model of an object with every attribute null and every block empty. */
function nullModelOf(body: AnyResource["schema"]): Model {
  const out: Model = {};
  for (const name of Object.keys(body.attributes)) out[name] = null;
  for (const [name, b] of Object.entries(body.blocks)) {
    out[name] =
      b.nesting === "single"
        ? null
        : b.nesting === "group"
          ? nullModelOf(b as never)
          : b.nesting === "map"
            ? {}
            : [];
  }
  return out;
}
