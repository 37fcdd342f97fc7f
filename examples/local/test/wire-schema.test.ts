/**
 * The schemas on the wire, as `terraform providers schema -json` prints them, compared attribute
 * by attribute with what upstream's Go source declares (test/upstream-schema.json: types, flags,
 * descriptions and their kinds, extracted from the Go schema literals of terraform-provider-local
 * at d480f231e2bcdf7dade9844c87663a70fac7e5e6).
 */
import { readFileSync } from "node:fs";
import { providerSchemaJson } from "@tfkit/testing";
import { describeAcceptance } from "@tfkit/testing/vitest";
import { beforeAll, expect, it } from "vitest";
import { LOCAL_PROVIDER_ADDRESS } from "../src/provider.js";
import { local } from "./cases.js";

interface UpstreamAttribute {
  readonly type: unknown;
  readonly description: string;
  readonly description_kind: string;
  readonly required?: boolean;
  readonly optional?: boolean;
  readonly computed?: boolean;
  readonly sensitive?: boolean;
  readonly deprecated?: boolean;
}

const upstream = JSON.parse(
  readFileSync(new URL("./upstream-schema.json", import.meta.url), "utf8"),
) as Record<
  string,
  { description: string; description_kind: string; attributes: Record<string, UpstreamAttribute> }
>;

type Block = {
  description?: string;
  description_kind?: string;
  attributes?: Record<string, Record<string, unknown>>;
};
let schema: {
  resource_schemas: Record<string, { block: Block }>;
  data_source_schemas: Record<string, { block: Block }>;
  ephemeral_resource_schemas: Record<string, { block: Block }>;
  functions: Record<string, Record<string, unknown>>;
};

describeAcceptance("terraform providers schema -json", () => {
  beforeAll(async () => {
    schema = (await providerSchemaJson(local, { source: LOCAL_PROVIDER_ADDRESS })) as typeof schema;
  }, 120_000);

  for (const [key, expected] of Object.entries(upstream)) {
    it(`${key} has upstream's attributes, flags and descriptions`, () => {
      const [kind, name] = key.split(":") as [string, string];
      const schemas = {
        resource: schema.resource_schemas,
        data: schema.data_source_schemas,
        ephemeral: schema.ephemeral_resource_schemas,
      }[kind];
      const block = schemas?.[name]?.block;
      expect(block?.description).toBe(expected.description);
      expect(block?.description_kind ?? "plain").toBe(expected.description_kind);
      const got = Object.fromEntries(
        Object.entries(block?.attributes ?? {}).map(([attr, a]) => [
          attr,
          {
            type: a.type,
            description: a.description,
            description_kind: a.description_kind ?? "plain",
            ...(["required", "optional", "computed", "sensitive", "deprecated"] as const).reduce(
              (flags, f) => (a[f] === true ? Object.assign(flags, { [f]: true }) : flags),
              {},
            ),
          },
        ]),
      );
      const want = Object.fromEntries(Object.entries(expected.attributes).map(([attr, a]) => [attr, a]));
      expect(got).toEqual(want);
    });
  }

  it("function direxists has upstream's signature", () => {
    expect(schema.functions.direxists).toMatchObject({
      summary: "Determines whether a directory exists at a given path.",
      parameters: [
        {
          name: "path",
          type: "string",
          description: "Relative or absolute path to check for the existence of a directory",
        },
      ],
      return_type: "bool",
    });
    expect(String(schema.functions.direxists?.description)).toMatch(/^Given a path string, will return true/);
  });
});
