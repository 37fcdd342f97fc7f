// The "Semantic types" section of the validators-and-semantic-types guide: a provider whose API
// answers in its own spelling (canonical JSON, UTC timestamps, compressed IPv6), so only semantic
// equality keeps plans empty and applies consistent.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";
import { defineProvider, withClient } from "@tfkit/provider";
import { attr, block, providerSchema, resourceSchema, semanticType, semanticTypes, t } from "@tfkit/schema";

/** A stored policy, as the "API" keeps it. */
export interface StoredPolicy {
  readonly document: string;
  readonly expiresAt: string | null;
  readonly sourceIp: string | null;
  readonly owner: string | null;
  readonly region: string | null;
  readonly aliases: readonly string[] | null;
  readonly disks: readonly number[];
}

/** The "API": policies in a JSON file; it answers in its own canonical spelling. */
export class Policies {
  readonly file: string;
  constructor(file: string) {
    this.file = file;
  }
  #all(): Record<string, StoredPolicy> {
    return existsSync(this.file) ? JSON.parse(readFileSync(this.file, "utf8")) : {};
  }
  get(id: string): StoredPolicy | undefined {
    return this.#all()[id];
  }
  put(id: string, p: StoredPolicy): StoredPolicy {
    const canonical: StoredPolicy = {
      ...p,
      document: JSON.stringify(JSON.parse(p.document)),
      expiresAt: p.expiresAt === null ? null : new Date(p.expiresAt).toISOString(),
      owner: p.owner?.toLowerCase() ?? null,
      region: p.region?.toUpperCase() ?? null,
      aliases: p.aliases?.map((a) => a.toLowerCase()) ?? null,
    };
    writeFileSync(this.file, JSON.stringify({ ...this.#all(), [id]: canonical }));
    return canonical;
  }
  remove(id: string): void {
    const { [id]: _gone, ...rest } = this.#all();
    writeFileSync(this.file, JSON.stringify(rest));
  }
}

// A custom semantic type: region codes compared without regard to case or surrounding spaces.
export const regionCode = semanticType(t.string, {
  name: "region code",
  description: "A region code such as eu-west-1, in any letter case.",
  validate: (v) =>
    /^\s*[a-z]{2}-[a-z]+-\d\s*$/i.test(v) ? undefined : `"${v}" is not a region code such as eu-west-1.`,
  normalize: (v) => v.trim().toLowerCase(),
});

export const policySchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({ required: true, planModifiers: [requiresReplace()] }),
    document: attr.of(semanticTypes.normalizedJson, { required: true }),
    expires_at: attr.of(semanticTypes.rfc3339, { optional: true }),
    source_ip: attr.of(semanticTypes.ipv6Address, { optional: true }),
    allowed: attr.list(semanticTypes.ipv4Prefix, { optional: true }),
    owner: attr.of(semanticTypes.caseInsensitiveString, { optional: true }),
    region: attr.of(regionCode, { optional: true }),
    aliases: attr.set(semanticTypes.caseInsensitiveString, { optional: true, nullElements: false }),
  },
  blocks: {
    // Resizing a disk is impossible in this API: any change to the disks replaces the policy.
    disk: block.list({
      attributes: { size: attr.int64({ required: true }) },
      planModifiers: [requiresReplace()],
    }),
  },
});

const { defineResource } = withClient<Policies>();

/** Compresses an IPv6 address the way the "API" answers it. */
function compressIpv6(ip: string): string {
  return ip
    .toLowerCase()
    .split(":")
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":");
}

export const policy = defineResource({
  typeName: "policies_policy",
  schema: policySchema,
  create: (plan, ctx) => {
    const stored = ctx.client.put(plan.name, {
      document: plan.document,
      expiresAt: plan.expires_at,
      sourceIp: plan.source_ip === null ? null : compressIpv6(plan.source_ip),
      owner: plan.owner,
      region: plan.region,
      aliases: plan.aliases,
      disks: plan.disk.map((d) => Number(d.size)),
    });
    // The API's spelling goes back: semantic equality keeps the planned one where they agree.
    return {
      ...plan,
      id: plan.name,
      document: stored.document,
      expires_at: stored.expiresAt,
      source_ip: stored.sourceIp,
      owner: stored.owner,
      region: stored.region,
      aliases: stored.aliases === null ? null : [...stored.aliases],
    };
  },
  read: (state, ctx) => {
    const found = state.id === null ? undefined : ctx.client.get(state.id);
    if (found === undefined) return null;
    return {
      ...state,
      document: found.document,
      expires_at: found.expiresAt,
      source_ip: found.sourceIp,
      owner: found.owner,
      region: found.region,
      aliases: found.aliases === null ? null : [...found.aliases],
      disk: found.disks.map((size) => ({ size })),
    };
  },
  update: (plan, prior, ctx) => {
    const id = prior.id ?? plan.name;
    const stored = ctx.client.put(id, {
      document: plan.document,
      expiresAt: plan.expires_at,
      sourceIp: plan.source_ip === null ? null : compressIpv6(plan.source_ip),
      owner: plan.owner,
      region: plan.region,
      aliases: plan.aliases,
      disks: plan.disk.map((d) => Number(d.size)),
    });
    return { ...plan, id, document: stored.document, owner: stored.owner, region: stored.region };
  },
  delete: (prior, ctx) => {
    ctx.client.remove(prior.id ?? prior.name);
  },
});

export const provider = defineProvider({
  metadata: { typeName: "policies", address: "example.test/guide/policies" },
  schema: providerSchema({ attributes: { file: attr.string({ required: true }) } }),
  configure: (config) => new Policies(typeof config.file === "string" ? config.file : "policies.json"),
  resources: [policy],
});
