import {
  typeFromJson,
  typeToJson,
  unknownVal,
  nullVal,
  objectVal,
  stringVal,
  type Value,
} from "@tfkit/cty-values";
import { attr, dataSourceSchema, ephemeralResourceSchema, providerSchema, t } from "@tfkit/schema";
import { describe, expect, it, vi } from "vitest";
import { call, decode, dv } from "../test/support.js";
import { serverResource } from "../test/server-fixture.js";
import { defineDataSource } from "./data-source.js";
import { defineEphemeralResource } from "./ephemeral-resource.js";
import { defineFunction } from "./function.js";
import { defineProvider } from "./provider.js";

const pSchema = providerSchema({
  attributes: {
    endpoint: attr.string({ required: true }),
    token: attr.string({ optional: true, sensitive: true }),
  },
});
const PT = pSchema.type;
const pconfig = (endpoint: Value): Value => objectVal({ endpoint, token: nullVal(PT.attributeTypes.token!) });

describe("defineProvider", () => {
  it("serves every schema once, with capabilities, functions and ephemeral resources", () => {
    const build = vi.fn();
    const provider = defineProvider({
      metadata: { typeName: "demo" },
      schema: pSchema,
      resources: [serverResource()],
      dataSources: [
        defineDataSource({
          typeName: "demo_image",
          schema: dataSourceSchema({ attributes: { name: attr.string({ required: true }) } }),
          read: (c) => {
            build();
            return c;
          },
        }),
      ],
      ephemeralResources: [
        defineEphemeralResource({
          typeName: "demo_token",
          schema: ephemeralResourceSchema({ attributes: { value: attr.string({ computed: true }) } }),
          open: () => ({ value: "t" }),
        }),
      ],
      functions: [
        defineFunction({
          name: "upper",
          parameters: [{ name: "s", type: t.string }],
          returns: t.string,
          run: ([s]) => s.toUpperCase(),
        }),
      ],
    });
    const s1 = provider.getProviderSchema({}, call());
    const s2 = provider.getProviderSchema({}, call());
    expect(s1).toBe(s2); // built once
    expect(Object.keys(s1 as object)).toContain("provider");
    const r = s1 as Awaited<typeof s1>;
    expect(r.serverCapabilities).toEqual({
      planDestroy: true,
      getProviderSchemaOptional: true,
      moveResourceState: false,
    });
    expect(Object.keys(r.resourceSchemas ?? {})).toEqual(["demo_server"]);
    expect(Object.keys(r.dataSourceSchemas ?? {})).toEqual(["demo_image"]);
    expect(Object.keys(r.ephemeralResourceSchemas ?? {})).toEqual(["demo_token"]);
    expect(r.provider?.block.attributes?.map((a) => a.name)).toEqual(["endpoint", "token"]);
    const fn = r.functions?.upper;
    expect(typeFromJson(fn!.returnType)).toEqual(t.string.type);
    expect(fn?.parameters?.[0]?.name).toBe("s");
  });

  it("refuses duplicate type names and bad provider names", () => {
    expect(() =>
      defineProvider({ metadata: { typeName: "demo" }, resources: [serverResource(), serverResource()] }),
    ).toThrow(/duplicate resource type "demo_server"/);
    expect(() => defineProvider({ metadata: { typeName: "Demo" } })).toThrow(/provider type name/);
  });

  it("configure gets the typed config and is told about unknown values", async () => {
    const seen: { endpoint: unknown; unknown: boolean; version: string }[] = [];
    const provider = defineProvider({
      metadata: { typeName: "demo" },
      schema: pSchema,
      configure: (config, ctx) => {
        seen.push({
          endpoint: config.endpoint,
          unknown: ctx.hasUnknownValues,
          version: ctx.terraformVersion,
        });
        return { endpoint: config.endpoint };
      },
    });
    await provider.configureProvider!(
      { terraformVersion: "1.11.4", config: dv(pconfig(stringVal("https://api")), PT) },
      call(),
    );
    expect(provider.client).toEqual({ endpoint: "https://api" });
    await provider.configureProvider!(
      { terraformVersion: "1.11.4", config: dv(pconfig(unknownVal(PT.attributeTypes.endpoint!)), PT) },
      call(),
    );
    expect(seen[0]).toEqual({ endpoint: "https://api", unknown: false, version: "1.11.4" });
    expect(seen[1]?.unknown).toBe(true);
    expect(typeof seen[1]?.endpoint).toBe("symbol"); // Unknown
  });

  it("a throwing configure is an error diagnostic and leaves the provider unconfigured", async () => {
    const provider = defineProvider({
      metadata: { typeName: "demo" },
      schema: pSchema,
      configure: () => {
        throw new Error("bad credentials");
      },
    });
    const r = await provider.configureProvider!(
      { terraformVersion: "1.11.4", config: dv(pconfig(stringVal("x")), PT) },
      call(),
    );
    expect(r.diagnostics?.[0]).toMatchObject({ severity: "error", detail: "bad credentials" });
    expect(r.diagnostics?.[0]?.summary).toMatch(/: configure failed$/);
    expect(provider.client).toBeUndefined();
  });

  it("validates the provider config with the schema and the hook", async () => {
    const provider = defineProvider({
      metadata: { typeName: "demo" },
      schema: pSchema,
      validateConfig: (config, ctx) => {
        if (typeof config.endpoint === "string" && !config.endpoint.startsWith("https://")) {
          ctx.diagnostics.error("Insecure endpoint", "use https", ["endpoint"]);
        }
      },
    });
    const ok = await provider.validateProviderConfig!(
      { config: dv(pconfig(stringVal("https://a")), PT) },
      call(),
    );
    expect(ok.diagnostics).toEqual([]);
    const bad = await provider.validateProviderConfig!(
      { config: dv(pconfig(stringVal("http://a")), PT) },
      call(),
    );
    expect(bad.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Insecure endpoint",
        detail: "use https",
        attribute: [{ kind: "attribute", name: "endpoint" }],
      },
    ]);
    const missing = await provider.validateProviderConfig!(
      { config: dv(pconfig(nullVal(PT.attributeTypes.endpoint!)), PT) },
      call(),
    );
    expect(missing.diagnostics?.[0]?.attribute).toEqual([{ kind: "attribute", name: "endpoint" }]);
  });

  it("answers RPCs without having served GetProviderSchema", async () => {
    const provider = defineProvider({ metadata: { typeName: "demo" }, resources: [serverResource()] });
    const r = await provider.importResourceState!({ typeName: "demo_server", id: "srv-1" }, call());
    expect(r.diagnostics).toEqual([]);
    expect(r.importedResources?.[0]?.typeName).toBe("demo_server");
  });

  it("encodes the provider schema's type JSON exactly", () => {
    const provider = defineProvider({ metadata: { typeName: "demo" }, schema: pSchema });
    const s = provider.getProviderSchema({}, call()) as Awaited<
      ReturnType<typeof provider.getProviderSchema>
    >;
    const endpoint = s.provider?.block.attributes?.find((a) => a.name === "endpoint");
    expect(new TextDecoder().decode(endpoint?.type as Uint8Array)).toBe(typeToJson(t.string.type));
    expect(endpoint?.required).toBe(true);
  });
});

describe("data sources", () => {
  const imageSchema = dataSourceSchema({
    attributes: { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
  });
  const IT = imageSchema.type;
  const image = defineDataSource<typeof imageSchema, { lookup(n: string): string }>({
    typeName: "demo_image",
    schema: imageSchema,
    read: (config, ctx) => ({ ...config, id: ctx.client.lookup(config.name) }),
  });
  const provider = defineProvider({
    metadata: { typeName: "demo" },
    configure: () => ({ lookup: (n: string) => `img-${n}` }),
    dataSources: [image],
  });

  it("reads with the typed config and returns the state", async () => {
    await provider.configureProvider!({ terraformVersion: "1.11.4" }, call());
    const cfg = objectVal({ name: stringVal("ubuntu"), id: nullVal(IT.attributeTypes.id!) });
    const r = await provider.readDataSource!({ typeName: "demo_image", config: dv(cfg, IT) }, call());
    expect(r.diagnostics).toEqual([]);
    expect(decode(r.state, IT).getAttr("id").asString()).toBe("img-ubuntu");
  });

  it("validates data source config", async () => {
    const cfg = objectVal({ name: nullVal(IT.attributeTypes.name!), id: nullVal(IT.attributeTypes.id!) });
    const r = await provider.validateDataResourceConfig!(
      { typeName: "demo_image", config: dv(cfg, IT) },
      call(),
    );
    expect(r.diagnostics?.[0]?.severity).toBe("error");
  });

  it("a read that leaves a computed value unknown is an error with the path", async () => {
    const bad = defineProvider({
      metadata: { typeName: "demo" },
      dataSources: [
        defineDataSource({ typeName: "demo_image", schema: imageSchema, read: (c) => ({ ...c, id: null }) }),
      ],
    });
    const cfg = objectVal({ name: stringVal("x"), id: nullVal(IT.attributeTypes.id!) });
    const r = await bad.readDataSource!({ typeName: "demo_image", config: dv(cfg, IT) }, call());
    expect(r.diagnostics).toEqual([]); // null is a fine value for a computed attribute
    expect(decode(r.state, IT).getAttr("id").isNull()).toBe(true);
    const worse = defineProvider({
      metadata: { typeName: "demo" },
      dataSources: [
        defineDataSource({ typeName: "demo_image", schema: imageSchema, read: (c) => ({ ...c }) as never }),
      ],
    });
    const r2 = await worse.readDataSource!({ typeName: "demo_image", config: dv(cfg, IT) }, call());
    expect(r2.diagnostics?.[0]).toMatchObject({ summary: "Invalid state from read" });
  });
});

describe("data source deferral", () => {
  it("a deferred read answers the planned unknown object", async () => {
    const schema = dataSourceSchema({
      attributes: { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
    });
    const T = schema.type;
    const p = defineProvider({
      metadata: { typeName: "demo" },
      dataSources: [
        defineDataSource({
          typeName: "demo_image",
          schema,
          read: (c, ctx) => {
            ctx.defer("providerConfigUnknown");
            return { ...c, id: "never used" };
          },
        }),
      ],
    });
    const cfg = objectVal({ name: stringVal("x"), id: nullVal(T.attributeTypes.id!) });
    const r = await p.readDataSource!(
      {
        typeName: "demo_image",
        config: dv(cfg, T),
        clientCapabilities: {
          deferralAllowed: true,
          writeOnlyAttributesAllowed: true,
          storePlannedPrivate: false,
          computedBlocksAllowed: false,
        },
      },
      call(),
    );
    expect(r.deferred).toEqual({ reason: "providerConfigUnknown" });
    const state = decode(r.state, T);
    expect(state.getAttr("name").asString()).toBe("x");
    expect(state.getAttr("id").isKnown()).toBe(false);
  });
});

describe("ephemeral resources", () => {
  const tokenSchema = ephemeralResourceSchema({
    attributes: {
      scope: attr.string({ required: true }),
      value: attr.string({ computed: true, sensitive: true }),
    },
  });
  const ET = tokenSchema.type;
  const log: string[] = [];
  const token = defineEphemeralResource<typeof tokenSchema, unknown, { lease: string }>({
    typeName: "demo_token",
    schema: tokenSchema,
    open: (config, ctx) => {
      ctx.setPrivate({ lease: `lease-${config.scope}` });
      ctx.renewAt(new Date(Date.UTC(2030, 0, 1)));
      log.push(`open ${config.scope}`);
      return { ...config, value: "secret" };
    },
    renew: (ctx) => {
      log.push(`renew ${ctx.private?.lease}`);
      ctx.setPrivate({ lease: "lease-2" });
    },
    close: (ctx) => {
      log.push(`close ${ctx.private?.lease}`);
    },
  });
  const provider = defineProvider({ metadata: { typeName: "demo" }, ephemeralResources: [token] });

  it("opens, renews and closes with private data carried between them", async () => {
    const cfg = objectVal({ scope: stringVal("read"), value: nullVal(ET.attributeTypes.value!) });
    const o = await provider.openEphemeralResource!({ typeName: "demo_token", config: dv(cfg, ET) }, call());
    expect(o.diagnostics).toEqual([]);
    expect(decode(o.result, ET).getAttr("value").asString()).toBe("secret");
    expect(o.renewAt?.toISOString()).toBe("2030-01-01T00:00:00.000Z");
    const rn = await provider.renewEphemeralResource!({ typeName: "demo_token", private: o.private }, call());
    const c = await provider.closeEphemeralResource!({ typeName: "demo_token", private: rn.private }, call());
    expect(c.diagnostics).toEqual([]);
    expect(log).toEqual(["open read", "renew lease-read", "close lease-2"]);
  });
});
