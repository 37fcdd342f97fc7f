import {
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  stringType,
  stringVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { Unknown } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { FakeCore } from "../harness.js";
import { describeConfig, provider, recordSchema, tagValue, withManagedByTag } from "./record.js";

const T = recordSchema.type;
const A = T.attributeTypes;
const config = (name: Value, ttl: Value = nullVal(A.ttl!)): Value =>
  objectVal({ id: nullVal(A.id!), name, ttl, fqdn: nullVal(A.fqdn!), tags: nullVal(A.tags!) });
const core = new FakeCore(provider, { access_record: recordSchema });

describe("Accessing State, Config, and Plan: config, plan and state", () => {
  it("tells unknown configuration values apart in the typed config model", () => {
    expect(describeConfig({ name: Unknown, ttl: null, tags: null })).toBe("name known after apply");
    expect(describeConfig({ name: "www", ttl: 300, tags: null })).toBe("name www");
  });

  it("validates known values and lets unknown ones through", async () => {
    const short = await core.validate("access_record", config(stringVal("www"), numberVal(5)));
    expect(short.map((d) => [d.summary, d.detail])).toEqual([
      ["TTL too short", "ttl must be at least 60 seconds"],
    ]);
    expect(await core.validate("access_record", config(stringVal("www"), unknownVal(A.ttl!)))).toEqual([]);
  });

  it("plans fqdn when the name is known, and leaves it unknown when it is not", async () => {
    const known = await core.plan("access_record", nullVal(T), config(stringVal("www")));
    expect(known.planned.getAttr("fqdn").asString()).toBe("www.example.com");
    const unknown = await core.plan("access_record", nullVal(T), config(unknownVal(stringType)));
    expect(unknown.planned.getAttr("fqdn").isKnown()).toBe(false);
  });

  it("creates a state with every computed value resolved", async () => {
    const state = await core.planAndApply(
      "access_record",
      nullVal(T),
      config(stringVal("api"), numberVal(300)),
    );
    expect(state.getAttr("fqdn").asString()).toBe("api.example.com");
    expect(state.getAttr("id").asString()).toMatch(/^r-\d+$/);
    expect(state.isWhollyKnown()).toBe(true);
  });

  it("reads and writes single attributes on cty values", () => {
    const state = objectVal({
      id: stringVal("r-1"),
      name: stringVal("www"),
      ttl: nullVal(A.ttl!),
      fqdn: stringVal("www.example.com"),
      tags: nullVal(A.tags!),
    });
    const tagged = withManagedByTag(state); // the null map becomes a map with one key
    expect(tagValue(tagged, "managed_by").asString()).toBe("tfkit");
    expect(tagged.getAttr("tags").lengthInt()).toBe(1);
    const retagged = withManagedByTag(
      objectVal({ ...Object.fromEntries(state.entries()), tags: mapVal({ env: stringVal("prod") }) }),
    );
    expect(tagValue(retagged, "env").asString()).toBe("prod");
    expect(tagValue(retagged, "managed_by").asString()).toBe("tfkit");
  });
});
