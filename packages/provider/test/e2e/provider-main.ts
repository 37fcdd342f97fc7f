// The end-to-end test provider: a resource over a JSON-file "cloud" (so every provider process
// Terraform starts sees the same objects), a data source, a function. Started by terraform.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import {
  defineDataSource,
  defineEphemeralResource,
  defineFunction,
  defineProvider,
  FunctionArgumentError,
  importStatePassthroughId,
  moveStateFrom,
  ProviderError,
  serve,
  withClient,
} from "@tfkit/provider";
import { useStateForUnknown } from "@tfkit/plan-engine";
import {
  attr,
  dataSourceSchema,
  ephemeralResourceSchema,
  providerSchema,
  resourceSchema,
  t,
} from "@tfkit/schema";
import { priorSchemaUpgrader } from "@tfkit/upgrade";

interface Thing {
  name: string;
  size: number;
  secret: string | null;
}

class FileCloud {
  readonly path: string;
  constructor(path: string) {
    this.path = path;
  }
  load(): { next: number; things: Record<string, Thing> } {
    return existsSync(this.path)
      ? (JSON.parse(readFileSync(this.path, "utf8")) as { next: number; things: Record<string, Thing> })
      : { next: 1, things: {} };
  }
  save(db: { next: number; things: Record<string, Thing> }): void {
    writeFileSync(this.path, JSON.stringify(db, null, 2));
  }
  create(t: Thing): string {
    const db = this.load();
    const id = `thing-${db.next++}`;
    db.things[id] = t;
    this.save(db);
    return id;
  }
  get(id: string): Thing | undefined {
    return this.load().things[id];
  }
  put(id: string, t: Thing): void {
    const db = this.load();
    db.things[id] = t;
    this.save(db);
  }
  remove(id: string): void {
    const db = this.load();
    delete db.things[id];
    this.save(db);
  }
}

const { defineResource } = withClient<FileCloud>();

const thingSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({ required: true }),
    size: attr.int64({ optional: true, computed: true, default: 1 }),
    secret: attr.string({ optional: true, writeOnly: true, sensitive: true }),
    fail_after_create: attr.bool({ optional: true }),
  },
});

const thing = defineResource({
  typeName: "tfkitp_thing",
  schema: thingSchema,
  create: (plan, ctx) => {
    const size = typeof plan.size === "number" ? plan.size : 1;
    const id = ctx.client.create({ name: plan.name, size, secret: ctx.writeOnly.secret });
    if (plan.fail_after_create === true) {
      ctx.setPartialState({ id, size });
      throw new ProviderError("Thing failed to start", {
        detail: `created ${id} but it did not become ready`,
      });
    }
    return { ...plan, id, size, secret: null };
  },
  read: (state, ctx) => {
    const found = ctx.client.get(state.id ?? "");
    return found === undefined ? null : { ...state, name: found.name, size: found.size };
  },
  update: (plan, prior, ctx) => {
    const id = prior.id ?? "";
    const size = typeof plan.size === "number" ? plan.size : 1;
    ctx.client.put(id, { name: plan.name, size, secret: ctx.writeOnly.secret });
    return { ...plan, id, size, secret: null };
  },
  delete: (prior, ctx) => ctx.client.remove(prior.id ?? ""),
  importState: importStatePassthroughId(),
});

// A resource whose schema moved from version 0 (enabled: bool) to 1 (enabled: string); it also
// takes over tfkitp_thing objects through cross-type `moved` blocks. No remote side.
const versionedV0 = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    enabled: attr.bool({ optional: true }),
  },
});
const versionedSchema = resourceSchema({
  version: 1,
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    name: attr.string({ required: true }),
    enabled: attr.string({ optional: true }),
  },
});
const versioned = defineResource({
  typeName: "tfkitp_versioned",
  schema: versionedSchema,
  create: (plan) => ({ ...plan, id: `v-${plan.name}` }),
  read: (state) => state,
  update: (plan, prior) => ({ ...plan, id: prior.id }),
  delete: () => {},
  upgradeState: {
    upgraders: {
      0: priorSchemaUpgrader<typeof versionedV0, typeof versionedSchema>({
        priorSchema: versionedV0,
        upgrade: ({ model }) => ({
          id: model.id,
          name: model.name ?? "",
          enabled: model.enabled === null ? null : String(model.enabled),
        }),
      }),
    },
  },
  moveState: [
    moveStateFrom(thingSchema, (old) => ({ id: old.id, name: old.name, enabled: "moved" }), {
      sourceTypeName: "tfkitp_thing",
    }),
  ],
});

const token = defineEphemeralResource({
  typeName: "tfkitp_token",
  schema: ephemeralResourceSchema({
    attributes: {
      scope: attr.string({ required: true }),
      value: attr.string({ computed: true, sensitive: true }),
    },
  }),
  open: (config, ctx) => {
    ctx.setPrivate({ lease: config.scope });
    return { ...config, value: `token-for-${config.scope}` };
  },
  close: (ctx) => {
    ctx.logger.info("token closed", {
      lease: String((ctx.private as { lease?: string } | undefined)?.lease),
    });
  },
});

const echo = defineDataSource({
  typeName: "tfkitp_echo",
  schema: dataSourceSchema({
    attributes: { input: attr.string({ required: true }), output: attr.string({ computed: true }) },
  }),
  read: (config) => ({ ...config, output: `echo: ${config.input}` }),
});

const upper = defineFunction({
  name: "upper",
  parameters: [{ name: "text", type: t.string }],
  returns: t.string,
  run: ([text]) => {
    if (text === "") throw new FunctionArgumentError(0, "text must not be empty");
    return text.toUpperCase();
  },
});

const provider = defineProvider({
  metadata: { typeName: "tfkitp", address: "example.test/tfkit/tfkitp" },
  schema: providerSchema({ attributes: { store: attr.string({ required: true }) } }),
  configure: (config) => {
    if (typeof config.store !== "string") throw new ProviderError("store must be known");
    return new FileCloud(config.store);
  },
  resources: [thing, versioned],
  dataSources: [echo],
  ephemeralResources: [token],
  functions: [upper],
  strict: true,
});

await serve(provider);
