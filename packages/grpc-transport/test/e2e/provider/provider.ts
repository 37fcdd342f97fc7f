/**
 * The end-to-end test provider, written directly against the protocol-level `ProviderServer`
 * (no framework): one resource, `tfkite2e_thing`, with
 * - `id`       string, computed (unknown in the create plan, `thing-<name>` after apply);
 * - `name`     string, required (a change forces replacement; "" is rejected by validation;
 *              "boom" makes the plan handler throw; "slow" makes apply wait up to a minute for
 *              StopProvider to abort it);
 * - `size`     number, optional (updated in place);
 * - `enabled`  bool, optional + computed (defaults to true);
 * - `greeting` string, computed (`hello <name>`, known at plan time when the name is).
 *
 * DynamicValues are decoded and encoded with @tfkit/cty-values against the schema's implied
 * type. The provider keeps no state of its own: the state terraform stores is the only truth,
 * which is enough for plan, apply, a no-op plan and destroy.
 */
import {
  boolType,
  fromJson,
  fromMsgpack,
  nullVal,
  numberType,
  objectType,
  objectVal,
  stringType,
  stringVal,
  toMsgpack,
  True,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import type {
  ApplyResourceChangeRequest,
  ApplyResourceChangeResponse,
  CallContext,
  DiagnosticsResponse,
  DynamicValue,
  GetProviderSchemaResponse,
  PlanResourceChangeRequest,
  PlanResourceChangeResponse,
  ProviderServer,
  ReadResourceRequest,
  ReadResourceResponse,
  UpgradeResourceStateRequest,
  UpgradeResourceStateResponse,
  ValidateResourceConfigRequest,
} from "@tfkit/grpc-transport";

/** The only resource type. */
export const THING = "tfkite2e_thing";

/** The implied type of the resource schema below. */
const thingType = objectType({
  enabled: boolType,
  greeting: stringType,
  id: stringType,
  name: stringType,
  size: numberType,
});

/** Decodes a DynamicValue; absent or empty means null, as core treats it. */
function decode(value: DynamicValue | undefined): Value {
  const bytes = value?.msgpack;
  return bytes && bytes.length > 0 ? fromMsgpack(bytes, thingType) : nullVal(thingType);
}

function encode(value: Value): DynamicValue {
  return { msgpack: toMsgpack(value, thingType) };
}

/** The attributes of a known, non-null object value. */
function attributes(value: Value): Record<string, Value> {
  return Object.fromEntries(value.entries());
}

function unknownType(typeName: string): DiagnosticsResponse {
  return { diagnostics: [{ severity: "error", summary: `Unknown resource type ${typeName}` }] };
}

/** The e2e provider. */
export const provider: ProviderServer = {
  getProviderSchema(): GetProviderSchemaResponse {
    return {
      provider: { block: {} },
      resourceSchemas: {
        [THING]: {
          version: 1,
          block: {
            attributes: [
              { name: "id", type: '"string"', computed: true, description: "Identifier." },
              { name: "name", type: '"string"', required: true },
              { name: "size", type: '"number"', optional: true },
              { name: "enabled", type: '"bool"', optional: true, computed: true },
              { name: "greeting", type: '"string"', computed: true },
            ],
          },
        },
      },
      serverCapabilities: { planDestroy: true },
    };
  },

  validateResourceConfig(req: ValidateResourceConfigRequest): DiagnosticsResponse {
    if (req.typeName !== THING) return unknownType(req.typeName);
    const name = decode(req.config).getAttr("name");
    if (name.isKnown() && !name.isNull() && name.asString() === "") {
      return {
        diagnostics: [
          {
            severity: "error",
            summary: "Empty name",
            detail: "tfkite2e: name must not be empty.",
            attribute: [{ kind: "attribute", name: "name" }],
          },
        ],
      };
    }
    return {};
  },

  upgradeResourceState(req: UpgradeResourceStateRequest): UpgradeResourceStateResponse {
    const json = req.rawState?.json;
    if (!json) return { diagnostics: [{ severity: "error", summary: "No JSON state to upgrade" }] };
    return { upgradedState: encode(fromJson(json, thingType)) };
  },

  readResource(req: ReadResourceRequest): ReadResourceResponse {
    return { newState: encode(decode(req.currentState)), private: req.private };
  },

  planResourceChange(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
    const prior = decode(req.priorState);
    const proposed = decode(req.proposedNewState);
    const config = decode(req.config);
    if (proposed.isNull()) return { plannedState: encode(proposed) }; // destroy
    const planned = attributes(proposed);
    const name = proposed.getAttr("name");
    if (name.isKnown() && name.asString() === "boom") {
      throw new Error("tfkite2e: the plan handler was asked to throw");
    }
    planned.greeting = name.isKnown() ? stringVal(`hello ${name.asString()}`) : unknownVal(stringType);
    if (config.getAttr("enabled").isNull()) {
      planned.enabled = prior.isNull() ? True : prior.getAttr("enabled");
    }
    const replace =
      !prior.isNull() && !(name.isKnown() && name.asString() === prior.getAttr("name").asString());
    planned.id = prior.isNull() || replace ? unknownVal(stringType) : prior.getAttr("id");
    return {
      plannedState: encode(objectVal(planned)),
      ...(replace ? { requiresReplace: [[{ kind: "attribute", name: "name" }]] } : {}),
      plannedPrivate: req.priorPrivate,
    };
  },

  async applyResourceChange(
    req: ApplyResourceChangeRequest,
    ctx: CallContext,
  ): Promise<ApplyResourceChangeResponse> {
    const planned = decode(req.plannedState);
    if (planned.isNull()) return { newState: encode(planned) }; // deleted
    const name = planned.getAttr("name");
    if (name.isKnown() && name.asString() === "slow") {
      const stopped = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 60_000);
        ctx.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve(true);
        });
        // The e2e test waits for this line in terraform's log before it interrupts: terraform
        // prints "Creating..." before it sends ApplyResourceChange, and a StopProvider that
        // arrives before the call only aborts the calls in flight at that moment (none).
        ctx.logger.info("tfkite2e: slow apply in flight, waiting for StopProvider");
      });
      return {
        diagnostics: [
          {
            severity: "error",
            summary: stopped ? "tfkite2e: apply stopped by StopProvider" : "tfkite2e: never stopped",
          },
        ],
      };
    }
    const state = attributes(planned);
    if (!planned.getAttr("id").isKnown()) state.id = stringVal(`thing-${planned.getAttr("name").asString()}`);
    return { newState: encode(objectVal(state)), private: new TextEncoder().encode('{"e2e":true}') };
  },
};
