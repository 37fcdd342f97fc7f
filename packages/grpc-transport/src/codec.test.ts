import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { providerCodecs } from "./codec.js";
import * as pb from "./gen/tfplugin6_pb.js";
import { PROVIDER_RPCS } from "./services.js";

const b = (...xs: number[]) => Uint8Array.from(xs);
const dv = (...xs: number[]) => ({ msgpack: b(...xs), json: new Uint8Array(0) });
const codec = (rpc: string) => {
  const c = providerCodecs[rpc];
  if (c === undefined) throw new Error(`no codec for ${rpc}`);
  return c;
};

describe("providerCodecs", () => {
  it("has a codec for every served RPC", () => {
    for (const rpc of PROVIDER_RPCS) expect(providerCodecs[rpc], rpc).toBeDefined();
  });

  it("decodes ReadResource requests into plain objects", () => {
    const bytes = toBinary(
      pb.ReadResource_RequestSchema,
      create(pb.ReadResource_RequestSchema, {
        typeName: "t",
        currentState: dv(0x80),
        private: b(7),
        providerMeta: { json: new TextEncoder().encode("{}") },
        currentIdentity: { identityData: dv(0xc0) },
      }),
    );
    expect(codec("ReadResource").decode(bytes)).toEqual({
      typeName: "t",
      currentState: { msgpack: b(0x80) },
      private: b(7),
      providerMeta: { json: new TextEncoder().encode("{}") },
      currentIdentity: { identityData: { msgpack: b(0xc0) } },
    });
  });

  it("encodes ApplyResourceChange responses, legacy_type_system always false", () => {
    const bytes = codec("ApplyResourceChange").encode({
      newState: { msgpack: b(0x80) },
      private: b(1, 2),
      diagnostics: [{ severity: "error", summary: "s" }],
      newIdentity: { identityData: { msgpack: b(0xc0) } },
    });
    const m = fromBinary(pb.ApplyResourceChange_ResponseSchema, bytes);
    expect(m.newState?.msgpack).toEqual(b(0x80));
    expect(m.private).toEqual(b(1, 2));
    expect(m.diagnostics[0]?.severity).toBe(pb.Diagnostic_Severity.ERROR);
    expect(m.diagnostics[0]?.attribute).toBeUndefined();
    expect(m.legacyTypeSystem).toBe(false);
    expect(m.newIdentity?.identityData?.msgpack).toEqual(b(0xc0));
  });

  it("sends ValidateProviderConfig diagnostics in field 2 (protocol 6 trap)", () => {
    const bytes = codec("ValidateProviderConfig").encode({
      diagnostics: [{ severity: "warning", summary: "w" }],
    });
    expect(bytes[0]).toBe((2 << 3) | 2); // field 2, length-delimited
  });

  it("sends StopProvider's error in the capitalised Error field", () => {
    const m = fromBinary(
      pb.StopProvider_ResponseSchema,
      codec("StopProvider").encode({ error: "cannot stop" }),
    );
    expect(m.Error).toBe("cannot stop");
  });

  it("maps UpgradeResourceState and MoveResourceState int64s and raw states", () => {
    const up = codec("UpgradeResourceState").decode(
      toBinary(
        pb.UpgradeResourceState_RequestSchema,
        create(pb.UpgradeResourceState_RequestSchema, {
          typeName: "t",
          version: 3n,
          rawState: { flatmap: { a: "1" } },
        }),
      ),
    );
    expect(up).toEqual({ typeName: "t", version: 3, rawState: { flatmap: { a: "1" } } });
    const mv = codec("MoveResourceState").decode(
      toBinary(
        pb.MoveResourceState_RequestSchema,
        create(pb.MoveResourceState_RequestSchema, {
          sourceProviderAddress: "registry.terraform.io/a/b",
          sourceTypeName: "old",
          sourceSchemaVersion: 1n,
          sourceState: { json: b(0x7b, 0x7d) },
          targetTypeName: "new",
          sourcePrivate: b(5),
        }),
      ),
    );
    expect(mv).toEqual({
      sourceProviderAddress: "registry.terraform.io/a/b",
      sourceTypeName: "old",
      sourceSchemaVersion: 1,
      sourceState: { json: b(0x7b, 0x7d) },
      targetTypeName: "new",
      sourcePrivate: b(5),
      sourceIdentitySchemaVersion: 0,
    });
  });

  it("encodes imported resources and deferrals", () => {
    const m = fromBinary(
      pb.ImportResourceState_ResponseSchema,
      codec("ImportResourceState").encode({
        importedResources: [{ typeName: "t", state: { msgpack: b(0x80) } }],
        deferred: { reason: "absentPrereq" },
      }),
    );
    expect(m.importedResources[0]?.typeName).toBe("t");
    expect(m.importedResources[0]?.state?.msgpack).toEqual(b(0x80));
    expect(m.deferred?.reason).toBe(pb.Deferred_Reason.ABSENT_PREREQ);
  });

  it("encodes CallFunction arguments and function errors", () => {
    const req = codec("CallFunction").decode(
      toBinary(
        pb.CallFunction_RequestSchema,
        create(pb.CallFunction_RequestSchema, { name: "f", arguments: [dv(0xa1, 0x61), dv(0xc0)] }),
      ),
    );
    expect(req).toEqual({ name: "f", arguments: [{ msgpack: b(0xa1, 0x61) }, { msgpack: b(0xc0) }] });
    const res = fromBinary(
      pb.CallFunction_ResponseSchema,
      codec("CallFunction").encode({ error: { text: "bad", functionArgument: 1 } }),
    );
    expect(res.error).toMatchObject({ text: "bad", functionArgument: 1n });
    expect(res.result).toBeUndefined();
  });

  it("encodes ephemeral renew times as timestamps", () => {
    const at = new Date(Date.UTC(2026, 10, 21, 18, 0, 0));
    const m = fromBinary(
      pb.OpenEphemeralResource_ResponseSchema,
      codec("OpenEphemeralResource").encode({ renewAt: at, result: { msgpack: b(0x80) }, private: b(1) }),
    );
    expect(m.renewAt && timestampDate(m.renewAt).getTime()).toBe(at.getTime());
    expect(m.private).toEqual(b(1));
  });

  it("encodes every schema feature GetProviderSchema can carry", () => {
    const m = fromBinary(
      pb.GetProviderSchema_ResponseSchema,
      codec("GetProviderSchema").encode({
        resourceSchemas: {
          r: {
            version: 4,
            block: {
              description: "d",
              descriptionKind: "markdown",
              deprecated: true,
              attributes: [
                {
                  name: "n",
                  nestedType: {
                    nesting: "set",
                    attributes: [{ name: "x", type: new TextEncoder().encode('"bool"'), writeOnly: true }],
                  },
                  optional: true,
                },
              ],
              blockTypes: [{ typeName: "g", nesting: "group", block: {} }],
            },
          },
        },
        ephemeralResourceSchemas: { e: { block: {} } },
        dataSourceSchemas: { d: { block: {} } },
        providerMeta: { block: {} },
        functions: {
          f: {
            returnType: '"number"',
            variadicParameter: { name: "rest", type: '"string"', allowNullValue: true },
          },
        },
      }),
    );
    // provider is always present (Terraform: "missing provider schema") with a block
    expect(m.provider?.block).toBeDefined();
    const r = m.resourceSchemas.r;
    expect(r?.version).toBe(4n);
    expect(r?.block).toMatchObject({
      description: "d",
      descriptionKind: pb.StringKind.MARKDOWN,
      deprecated: true,
    });
    expect(r?.block?.attributes[0]?.nestedType?.nesting).toBe(pb.Schema_Object_NestingMode.SET);
    expect(r?.block?.attributes[0]?.nestedType?.attributes[0]?.writeOnly).toBe(true);
    expect(r?.block?.blockTypes[0]?.nesting).toBe(pb.Schema_NestedBlock_NestingMode.GROUP);
    expect(m.ephemeralResourceSchemas.e?.block).toBeDefined();
    expect(m.dataSourceSchemas.d?.block).toBeDefined();
    expect(m.providerMeta?.block).toBeDefined();
    expect(m.functions.f?.variadicParameter).toMatchObject({ name: "rest", allowNullValue: true });
  });

  it("throws on malformed request bytes (the dispatcher turns that into INVALID_ARGUMENT)", () => {
    expect(() => codec("PlanResourceChange").decode(b(0x12, 0x05, 0x0a))).toThrow();
  });
});
