/**
 * How an RPC finds its handler: by the type name in the request, with one answer for a name the
 * provider does not have and one guard around every handler. `defineProvider` builds its
 * `ProviderServer` from these, one line per RPC.
 * @internal
 */
import type { CallContext, Diagnostic as WireDiagnostic } from "@tfkit/grpc-transport";
import { wire } from "./runtime.js";
import { hookFailed } from "./steps.js";

/** A registered resource, data source or ephemeral resource type. */
interface NamedType {
  readonly typeName: string;
}

/**
 * Last line of defence: anything that escapes an RPC's steps (a bug in tfkit) becomes a
 * diagnostic naming the RPC, with the stack in the log, never a crash.
 * @internal
 */
export async function guard<T extends object>(
  typeName: string,
  rpc: string,
  call: CallContext,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (e) {
    return { diagnostics: wire([hookFailed(rpc, typeName, e, call.logger)]) } as unknown as T;
  }
}

/**
 * The RPC methods for one kind of type (`what`: "resource", "data source", "ephemeral
 * resource"): `route(rpc, run)` looks the request's type up in `types`, answers an unknown name
 * with core's "Unknown … type" error, and runs `run` under {@link guard}. `nameOf` reads the type
 * name from the request (MoveResourceState names its target in `targetTypeName`).
 * @internal
 */
export function routesFor<T extends NamedType>(
  types: ReadonlyMap<string, T>,
  what: string,
  providerName: string,
): <Req, Res extends object>(
  rpc: string,
  run: (type: T, req: Req, call: CallContext) => Promise<Res>,
  nameOf?: (req: Req) => string,
) => (req: Req, call: CallContext) => Promise<Res> {
  return (rpc, run, nameOf = (req) => (req as { readonly typeName: string }).typeName) =>
    (req, call) => {
      const name = nameOf(req);
      const type = types.get(name);
      if (type === undefined) return Promise.resolve(unknownType(providerName, what, name) as never);
      return guard(type.typeName, rpc, call, () => run(type, req, call));
    };
}

function unknownType(providerName: string, what: string, name: string): { diagnostics: WireDiagnostic[] } {
  return {
    diagnostics: wire([
      {
        severity: "error",
        summary: `Unknown ${what} type`,
        detail: `The provider ${providerName} has no ${what} type "${name}".`,
      },
    ]),
  };
}
