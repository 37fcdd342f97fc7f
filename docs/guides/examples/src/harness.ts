// An in-process stand-in for Terraform core: it calls a provider through its ProviderServer
// methods with msgpack-encoded values, exactly what the real terraform sends over gRPC, and
// computes the proposed new state the way core does. The guides' tests use it.
import { fromMsgpack, nullVal, toMsgpack, type Type, type Value } from "@tfkit/cty-values";
import {
  type AttributePath,
  type CallContext,
  createLogger,
  type Diagnostic,
  type ProviderServer,
} from "@tfkit/grpc-transport";
import { proposedNew } from "@tfkit/plan-engine";
import type { Schema } from "@tfkit/schema";

/** A call context with a silent logger and a signal nobody aborts. */
export function testCall(rpc = "Test"): CallContext {
  return { rpc, signal: new AbortController().signal, logger: createLogger({ write: () => {} }) };
}

const dv = (v: Value, t: Type) => ({ msgpack: toMsgpack(v, t) });
const noBytes = new Uint8Array(0);

function decode(d: { msgpack?: Uint8Array | undefined } | undefined, t: Type): Value {
  return d?.msgpack === undefined ? nullVal(t) : fromMsgpack(d.msgpack, t);
}

/** What a plan returns: the planned state, the paths that force replacement, diagnostics. */
export interface PlanResult {
  readonly planned: Value;
  readonly requiresReplace: readonly AttributePath[];
  readonly diagnostics: readonly Diagnostic[];
}

/** What an apply returns: the new state (null after a delete) and diagnostics. */
export interface ApplyResult {
  readonly newState: Value;
  readonly diagnostics: readonly Diagnostic[];
}

/** Drives one provider's resources in-process, as Terraform core would. */
export class FakeCore {
  readonly #server: ProviderServer;
  readonly #schemas: Readonly<Record<string, Schema>>;

  constructor(server: ProviderServer, schemas: Readonly<Record<string, Schema>>) {
    this.#server = server;
    this.#schemas = schemas;
  }

  #type(typeName: string): Type {
    const schema = this.#schemas[typeName];
    if (schema === undefined) throw new Error(`no schema for ${typeName}`);
    return schema.type;
  }

  /** ConfigureProvider with a provider configuration value. */
  async configure(config: Value, providerType: Type): Promise<readonly Diagnostic[]> {
    const res = await this.#server.configureProvider?.(
      { terraformVersion: "1.11.4", config: dv(config, providerType) },
      testCall("ConfigureProvider"),
    );
    return res?.diagnostics ?? [];
  }

  /** ValidateResourceConfig. */
  async validate(typeName: string, config: Value): Promise<readonly Diagnostic[]> {
    const res = await this.#server.validateResourceConfig?.(
      { typeName, config: dv(config, this.#type(typeName)) },
      testCall("ValidateResourceConfig"),
    );
    return res?.diagnostics ?? [];
  }

  /** PlanResourceChange with core's proposed new state; a null config plans a destroy. */
  async plan(typeName: string, prior: Value, config: Value, priorPrivate = noBytes): Promise<PlanResult> {
    const schema = this.#schemas[typeName] as Schema;
    const t = this.#type(typeName);
    const proposed = config.isNull() ? nullVal(t) : proposedNew(schema, prior, config);
    const res = await this.#server.planResourceChange?.(
      {
        typeName,
        priorState: dv(prior, t),
        proposedNewState: dv(proposed, t),
        config: dv(config, t),
        priorPrivate,
        plannedPrivate: noBytes,
      },
      testCall("PlanResourceChange"),
    );
    return {
      planned: decode(res?.plannedState, t),
      requiresReplace: res?.requiresReplace ?? [],
      diagnostics: res?.diagnostics ?? [],
    };
  }

  /** ApplyResourceChange of a planned state. */
  async apply(typeName: string, prior: Value, planned: Value, config: Value): Promise<ApplyResult> {
    const t = this.#type(typeName);
    const res = await this.#server.applyResourceChange?.(
      {
        typeName,
        priorState: dv(prior, t),
        plannedState: dv(planned, t),
        config: dv(config, t),
        plannedPrivate: noBytes,
      },
      testCall("ApplyResourceChange"),
    );
    return { newState: decode(res?.newState, t), diagnostics: res?.diagnostics ?? [] };
  }

  /** Plan then apply, as `terraform apply` does; fails on any error diagnostic. */
  async planAndApply(typeName: string, prior: Value, config: Value): Promise<Value> {
    const plan = await this.plan(typeName, prior, config);
    assertNoErrors(plan.diagnostics);
    const applied = await this.apply(typeName, prior, plan.planned, config);
    assertNoErrors(applied.diagnostics);
    return applied.newState;
  }

  /** ReadResource (refresh); null when the provider says the object is gone. */
  async read(typeName: string, state: Value): Promise<ApplyResult> {
    const t = this.#type(typeName);
    const res = await this.#server.readResource?.(
      { typeName, currentState: dv(state, t), private: noBytes },
      testCall("ReadResource"),
    );
    return { newState: decode(res?.newState, t), diagnostics: res?.diagnostics ?? [] };
  }

  /** UpgradeResourceState of state JSON stored at `version`. */
  async upgrade(typeName: string, version: number, json: string): Promise<ApplyResult> {
    const t = this.#type(typeName);
    const res = await this.#server.upgradeResourceState?.(
      { typeName, version, rawState: { json: new TextEncoder().encode(json) } },
      testCall("UpgradeResourceState"),
    );
    return { newState: decode(res?.upgradedState, t), diagnostics: res?.diagnostics ?? [] };
  }
}

/** Throws with every error's summary and detail when there is one. */
export function assertNoErrors(diagnostics: readonly Diagnostic[]): void {
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((d) => `${d.summary}: ${d.detail ?? ""}`).join("\n"));
}
