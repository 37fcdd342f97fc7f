// The end-to-end test provider: a resource over a JSON-file "cloud" (so every provider process
// Terraform starts sees the same objects), a data source, a function. Started by terraform.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import {
  defineDataSource,
  defineFunction,
  defineProvider,
  FunctionArgumentError,
  importStatePassthroughId,
  ProviderError,
  serve,
  withClient,
} from "@tfkit/provider";
import { useStateForUnknown } from "@tfkit/plan-engine";
import { attr, dataSourceSchema, providerSchema, resourceSchema, t } from "@tfkit/schema";

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

const thing = defineResource({
  typeName: "tfkitp_thing",
  schema: resourceSchema({
    attributes: {
      id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
      name: attr.string({ required: true }),
      size: attr.int64({ optional: true, computed: true, default: 1 }),
      secret: attr.string({ optional: true, writeOnly: true, sensitive: true }),
      fail_after_create: attr.bool({ optional: true }),
    },
  }),
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
  resources: [thing],
  dataSources: [echo],
  functions: [upper],
  strict: true,
});

await serve(provider);
