/**
 * The end-to-end test provider, written directly against the protocol-level `ProviderServer`:
 * one resource, `tfkite2e_thing`, with
 * - `id`       string, computed (unknown in the create plan, `thing-<name>` after apply);
 * - `name`     string, required (a change forces replacement; "" is rejected by validation;
 *              "boom" makes the plan handler throw);
 * - `size`     number, optional (updated in place);
 * - `enabled`  bool, optional + computed (defaults to true);
 * - `greeting` string, computed (`hello <name>`, known at plan time when the name is).
 *
 * The provider keeps no state of its own: the state terraform stores is the only truth, which is
 * enough for plan, apply, a no-op plan and destroy.
 */
import type {
  ApplyResourceChangeRequest,
  ApplyResourceChangeResponse,
  DiagnosticsResponse,
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
import { decode, encode, type Plain, type PlainObject, UNKNOWN } from "./msgpack.js";

/** The only resource type. */
export const THING = "tfkite2e_thing";

const ATTRIBUTES = ["enabled", "greeting", "id", "name", "size"] as const;

const NULL_VALUE = Uint8Array.of(0xc0);

/** Decodes a DynamicValue; absent/empty means null, as core treats it. */
function decodeObject(value: { readonly msgpack?: Uint8Array } | undefined): PlainObject | null {
  const bytes = value?.msgpack;
  if (!bytes || bytes.length === 0) return null;
  const decoded = decode(bytes);
  if (decoded === null) return null;
  if (typeof decoded !== "object") throw new Error(`expected an object, got ${String(decoded)}`);
  return decoded;
}

/** Every attribute, nil for missing ones (cty's decoder rejects partial objects). */
function complete(obj: PlainObject): PlainObject {
  const out: PlainObject = {};
  for (const name of ATTRIBUTES) out[name] = obj[name] ?? null;
  return out;
}

function greetingFor(name: Plain): Plain {
  return typeof name === "string" ? `hello ${name}` : UNKNOWN;
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
    const config = decodeObject(req.config);
    if (config?.name === "") {
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
    const stored = JSON.parse(new TextDecoder().decode(json)) as PlainObject;
    return { upgradedState: { msgpack: encode(complete(stored)) } };
  },

  readResource(req: ReadResourceRequest): ReadResourceResponse {
    const current = decodeObject(req.currentState);
    return {
      newState: { msgpack: current === null ? NULL_VALUE : encode(complete(current)) },
      private: req.private,
    };
  },

  planResourceChange(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
    const prior = decodeObject(req.priorState);
    const proposed = decodeObject(req.proposedNewState);
    const config = decodeObject(req.config);
    if (proposed === null) return { plannedState: { msgpack: NULL_VALUE } }; // destroy
    if (proposed.name === "boom") throw new Error("tfkite2e: the plan handler was asked to throw");
    const planned = complete(proposed);
    planned.greeting = greetingFor(planned.name ?? null);
    if (config?.enabled === null || config?.enabled === undefined) planned.enabled = prior?.enabled ?? true;
    const replace = prior !== null && prior.name !== planned.name;
    planned.id = prior === null || replace ? UNKNOWN : (prior.id ?? UNKNOWN);
    return {
      plannedState: { msgpack: encode(planned) },
      ...(replace ? { requiresReplace: [[{ kind: "attribute", name: "name" }]] } : {}),
      plannedPrivate: req.priorPrivate,
    };
  },

  applyResourceChange(req: ApplyResourceChangeRequest): ApplyResourceChangeResponse {
    const planned = decodeObject(req.plannedState);
    if (planned === null) return { newState: { msgpack: NULL_VALUE } }; // deleted
    const state = complete(planned);
    if (state.id === UNKNOWN) state.id = `thing-${String(state.name)}`;
    return { newState: { msgpack: encode(state) }, private: new TextEncoder().encode('{"e2e":true}') };
  },
};
