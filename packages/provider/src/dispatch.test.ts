import type { Diagnostic } from "@tfkit/grpc-transport";
import { describe, expect, it } from "vitest";
import { setup } from "../test/server-fixture.js";
import { call, noBytes } from "../test/support.js";

const empty = { msgpack: noBytes };

/** The only diagnostic of an answer. */
function only(r: { diagnostics?: readonly Diagnostic[] | undefined }): Diagnostic {
  expect(r.diagnostics).toHaveLength(1);
  return r.diagnostics![0]!;
}

describe("every RPC for a type the provider does not have answers core's error, never an exception", () => {
  it("resources (by typeName, and MoveResourceState by targetTypeName)", async () => {
    const { provider: p } = await setup();
    const answers = [
      await p.validateResourceConfig!({ typeName: "demo_nope", config: empty }, call()),
      await p.upgradeResourceState!({ typeName: "demo_nope", version: 0, rawState: {} }, call()),
      await p.readResource!({ typeName: "demo_nope", private: noBytes }, call()),
      await p.planResourceChange!(
        { typeName: "demo_nope", priorPrivate: noBytes, plannedPrivate: noBytes },
        call(),
      ),
      await p.applyResourceChange!({ typeName: "demo_nope", plannedPrivate: noBytes }, call()),
      await p.importResourceState!({ typeName: "demo_nope", id: "x" }, call()),
      await p.moveResourceState!(
        {
          sourceProviderAddress: "registry.terraform.io/tfkit/demo",
          sourceTypeName: "demo_server",
          sourceSchemaVersion: 0,
          sourceIdentitySchemaVersion: 0,
          targetTypeName: "demo_nope",
          sourcePrivate: noBytes,
          sourceState: {},
        },
        call(),
      ),
    ];
    for (const r of answers) {
      expect(only(r)).toMatchObject({
        severity: "error",
        summary: "Unknown resource type",
        detail: 'The provider demo has no resource type "demo_nope".',
      });
    }
  });

  it("data sources and ephemeral resources name their kind", async () => {
    const { provider: p } = await setup();
    expect(
      only(await p.validateDataResourceConfig!({ typeName: "demo_nope", config: empty }, call())),
    ).toMatchObject({
      summary: "Unknown data source type",
      detail: 'The provider demo has no data source type "demo_nope".',
    });
    expect(only(await p.readDataSource!({ typeName: "demo_nope" }, call())).summary).toBe(
      "Unknown data source type",
    );
    const ephemeral = [
      await p.validateEphemeralResourceConfig!({ typeName: "demo_nope", config: empty }, call()),
      await p.openEphemeralResource!({ typeName: "demo_nope" }, call()),
      await p.renewEphemeralResource!({ typeName: "demo_nope", private: noBytes }, call()),
      await p.closeEphemeralResource!({ typeName: "demo_nope", private: noBytes }, call()),
    ];
    for (const r of ephemeral) {
      expect(only(r)).toMatchObject({
        summary: "Unknown ephemeral resource type",
        detail: 'The provider demo has no ephemeral resource type "demo_nope".',
      });
    }
  });
});
