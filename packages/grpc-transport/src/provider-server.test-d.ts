import { describe, expectTypeOf, it } from "vitest";
import type {
  CallContext,
  DynamicValue,
  PlanResourceChangeResponse,
  ProviderServer,
  serve,
} from "./index.js";

describe("ProviderServer types", () => {
  it("accepts sync and async handlers returning plain objects", () => {
    const server = {
      getProviderSchema: () => ({ provider: { block: {} } }),
      planResourceChange: async (req) => ({ plannedState: req.proposedNewState }),
      readResource: (req) => ({ newState: req.currentState, private: req.private }),
    } satisfies ProviderServer;
    expectTypeOf(server).toMatchTypeOf<ProviderServer>();
  });

  it("hands handlers a context with an AbortSignal and a logger", () => {
    const server: ProviderServer = {
      getProviderSchema: (_req, ctx) => {
        expectTypeOf(ctx).toEqualTypeOf<CallContext>();
        expectTypeOf(ctx.signal).toEqualTypeOf<AbortSignal>();
        return {};
      },
    };
    expectTypeOf(server.getProviderSchema).toBeFunction();
  });

  it("keeps DynamicValues as bytes", () => {
    expectTypeOf<DynamicValue["msgpack"]>().toEqualTypeOf<Uint8Array | undefined>();
    expectTypeOf<PlanResourceChangeResponse["requiresReplace"]>().toMatchTypeOf<
      | readonly (readonly (
          | { kind: "attribute"; name: string }
          | { kind: "elementKeyString"; key: string }
          | { kind: "elementKeyInt"; key: number }
        )[])[]
      | undefined
    >();
  });

  it("rejects a server without getProviderSchema and bad diagnostics", () => {
    // @ts-expect-error getProviderSchema is required
    const missing: ProviderServer = {};
    void missing;
    const bad: ProviderServer = {
      getProviderSchema: () => ({}),
      // @ts-expect-error severity must be "error" | "warning" | "invalid"
      validateProviderConfig: () => ({ diagnostics: [{ severity: "fatal", summary: "x" }] }),
    };
    void bad;
  });

  it("serve returns a handle", () => {
    expectTypeOf<ReturnType<typeof serve>>().resolves.toHaveProperty("stop");
  });
});
