// The "Semantic types" guide section: equivalent spellings plan nothing, the API's own spelling
// after apply and refresh keeps the configured one, invalid values are refused at validate time,
// and a block with requiresReplace() replaces. Under the fake core and the real terraform.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromEntry, knownvalue, plancheck, runFakeCore, statecheck, type TestCase } from "@tfkit/testing";
import { itAcceptance } from "@tfkit/testing/vitest";
import { afterAll, describe, expect, it } from "vitest";
import { Policies, provider, regionCode } from "./semantic-types.js";

const dir = mkdtempSync(join(tmpdir(), "policies-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const P = "policies_policy.main";
const providers = {
  policies: fromEntry(new URL("./semantic-types/main.ts", import.meta.url).pathname, {
    conditions: ["@tfkit/source"],
  }),
};
const config = (file: string, attrs: Record<string, unknown>) => ({
  providers: { policies: { file: join(dir, file) } },
  resources: { [P]: { name: "main", ...attrs } },
});

const first = {
  document: '{"a": 1}',
  expires_at: "2030-01-01T01:00:00+01:00",
  source_ip: "2001:0DB8:0:0:0:0:0:1",
  owner: "Ops",
  region: "EU-West-1",
  allowed: ["10.0.0.0/16"],
  aliases: ["Web", "Api"],
};

export const semanticCase = (file: string): TestCase => ({
  providers,
  steps: [
    {
      // The API answers {"a":1}, 2030-01-01T00:00:00.000Z, 2001:db8:0:0:0:0:0:1, "ops": the
      // configured spellings stay in state (otherwise terraform reports an inconsistent result).
      structuredConfig: config(file, first),
      stateChecks: [
        statecheck.expectKnownValue(P, "document", knownvalue.stringExact('{"a": 1}')),
        statecheck.expectKnownValue(P, "expires_at", knownvalue.stringExact("2030-01-01T01:00:00+01:00")),
        statecheck.expectKnownValue(P, "source_ip", knownvalue.stringExact("2001:0DB8:0:0:0:0:0:1")),
        statecheck.expectKnownValue(P, "owner", knownvalue.stringExact("Ops")),
        // The API lowercases aliases; each set element keeps its configured spelling.
        statecheck.expectKnownValue(
          P,
          "aliases",
          knownvalue.setExact([knownvalue.stringExact("Api"), knownvalue.stringExact("Web")]),
        ),
      ],
    },
    {
      // Every attribute spelled differently, meaning the same: an empty plan.
      structuredConfig: config(file, {
        ...first,
        document: '{ "a":1 }',
        expires_at: "2030-01-01T00:00:00Z",
        source_ip: "2001:db8::1",
        owner: "OPS",
        region: " eu-west-1 ",
        aliases: ["api", "WEB"],
      }),
      planChecks: [plancheck.expectEmptyPlan()],
    },
    {
      // A refresh reads the API's spelling and keeps the one in state.
      refreshState: true,
      stateChecks: [statecheck.expectKnownValue(P, "document", knownvalue.stringExact('{"a": 1}'))],
    },
    {
      // A real change plans an update with the new text.
      structuredConfig: config(file, { ...first, document: '{"a": 2}' }),
      planChecks: [plancheck.expectResourceAction(P, "update")],
      stateChecks: [statecheck.expectKnownValue(P, "document", knownvalue.stringExact('{"a": 2}'))],
    },
    {
      structuredConfig: config(file, { ...first, document: "{not json", source_ip: "10.0.0.1" }),
      expectError: /Invalid JSON String Value[\s\S]*not valid JSON string format \(RFC 7159\)/,
    },
  ],
});

export const blockCase = (file: string): TestCase => ({
  providers,
  steps: [
    { structuredConfig: config(file, { document: "{}", disk: [{ size: 10 }] }) },
    {
      // requiresReplace() on the disk block: a resize plans a replacement, not an update.
      structuredConfig: config(file, { document: "{}", disk: [{ size: 20 }] }),
      planChecks: [
        plancheck.expectResourceAction(P, "replace"),
        // Terraform marks the block itself; the fake core's plan text says the same.
        plancheck.expectPlanText(/~ disk \{ # forces replacement\n\s+~ size\s+= 10 -> 20/),
      ],
    },
    {
      structuredConfig: config(file, { document: "{}", disk: [{ size: 20 }, { size: 5 }] }),
      planChecks: [plancheck.expectResourceAction(P, "replace")],
    },
  ],
  checkDestroy: () => {
    expect(new Policies(join(dir, file)).get("main")).toBeUndefined();
  },
});

describe("semantic types", () => {
  it("a custom semantic type validates and compares normalised values", () => {
    expect(regionCode.semantic.semanticEquals(" EU-west-1", "eu-west-1")).toBe(true);
    expect(regionCode.semantic.validate("nowhere")).toEqual([
      { summary: "Invalid Attribute Value", detail: '"nowhere" is not a region code such as eu-west-1.' },
    ]);
  });

  it("plans nothing for equivalent spellings (fake core)", async () => {
    await runFakeCore(semanticCase("fake-semantic.json"), { provider });
  });

  it("replaces on a changed block with requiresReplace (fake core)", async () => {
    await runFakeCore(blockCase("fake-block.json"), { provider });
  });
});

itAcceptance("semantic types under the real terraform", semanticCase("tf-semantic.json"), {
  timeout: 180_000,
});
itAcceptance("requiresReplace on a block under the real terraform", blockCase("tf-block.json"), {
  timeout: 180_000,
});
