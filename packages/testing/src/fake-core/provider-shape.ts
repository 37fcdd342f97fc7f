import type { CallContext, DynamicValue, ProviderServer } from "@tfkit/grpc-transport";
import { createLogger } from "@tfkit/grpc-transport";
import {
  fromJson,
  fromMsgpack,
  nullVal,
  objectType,
  toMsgpack,
  type Type,
  type Value,
} from "@tfkit/cty-values";
import type { Schema } from "@tfkit/schema";

/**
 * What the fake core needs of a provider: a `ProviderServer` (every tfplugin6 RPC, called
 * in-process) whose definition names its schemas. Every `@tfkit/provider` provider
 * (`defineProvider(...)`) satisfies it.
 *
 * @remarks The schemas are read from the definition (for `proposedNew` and the contracts
 * checks); the RPCs, GetProviderSchema included, are called as Terraform calls them.
 * @category models
 */
export interface FakeCoreProvider extends ProviderServer {
  /** The provider's definition, as `defineProvider` keeps it. */
  readonly definition: {
    /** Type name and source address. */
    readonly metadata: {
      /** The provider type name (`notes` for `notes_note`). */
      readonly typeName: string;
      /** The source address core names in its messages. */
      readonly address?: string;
    };
    /** The provider configuration schema. */
    readonly schema?: Schema;
    /** Managed resource types. */
    readonly resources?: readonly FakeCoreTypeSchema[];
    /** Data sources. */
    readonly dataSources?: readonly FakeCoreTypeSchema[];
    /** Ephemeral resource types. */
    readonly ephemeralResources?: readonly FakeCoreTypeSchema[];
  };
}

/**
 * A resource or data source type as the fake core reads it from a provider definition.
 *
 * @remarks `@tfkit/provider`'s `ResourceType`, `DataSourceType` and `EphemeralResourceType`
 * satisfy it.
 * @category models
 */
export interface FakeCoreTypeSchema {
  /** The type name, e.g. `notes_note`. */
  readonly typeName: string;
  /** Its schema. */
  readonly schema: Schema;
}

/** Encodes a value as Terraform sends it (msgpack). @internal */
export function dynamicValue(v: Value, t: Type): DynamicValue {
  return { msgpack: toMsgpack(v, t) };
}

/** Decodes a DynamicValue as core does: msgpack when present, else JSON, else a typed null. @internal */
export function decodeDynamic(dv: DynamicValue | undefined, t: Type): Value {
  if (dv?.msgpack && dv.msgpack.length > 0) return fromMsgpack(dv.msgpack, t);
  if (dv?.json && dv.json.length > 0) return fromJson(dv.json, t);
  return nullVal(t);
}

/** The implied type of an optional schema (an empty object without one). @internal */
export function schemaType(schema: Schema | undefined): Type {
  return schema?.type ?? objectType({});
}

/** A call context whose log lines are kept in memory (quoted when a step fails). @internal */
export function callContext(rpc: string, signal: AbortSignal, log: string[]): CallContext {
  return {
    rpc,
    signal,
    logger: createLogger({
      level: "warn",
      module: "provider",
      write: (line) => {
        if (log.length < 200) log.push(line.trimEnd());
      },
    }).with({ tf_rpc: rpc }),
  };
}
