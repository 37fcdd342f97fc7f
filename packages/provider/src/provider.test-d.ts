import {
  attr,
  dataSourceSchema,
  type Int64,
  type Plan,
  type ReadState,
  providerSchema,
  resourceSchema,
  type State,
  t,
  type Unknown,
} from "@tfkit/schema";
import { describe, expectTypeOf, it } from "vitest";
import type { ApplyContext, ResourceContext } from "./context.js";
import { defineDataSource } from "./data-source.js";
import { defineFunction } from "./function.js";
import { defineProvider } from "./provider.js";
import { defineResource, type ModifyPlanRequest, moveStateFrom } from "./resource.js";
import { withClient } from "./with-client.js";

const schema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    size: attr.int64({ optional: true, computed: true }),
    password: attr.string({ optional: true, writeOnly: true }),
  },
});
type S = typeof schema;

class Api {
  create(name: string): string {
    return name;
  }
}

describe("handler signatures", () => {
  it("create gets the plan (computed values may be unknown), not the config, and must return a state", () => {
    defineResource<S, Api>({
      typeName: "demo_server",
      schema,
      create: (plan, ctx) => {
        expectTypeOf(plan).toEqualTypeOf<Plan<S>>();
        expectTypeOf(plan.id).toEqualTypeOf<string | null | Unknown>();
        expectTypeOf(plan.name).toEqualTypeOf<string>();
        expectTypeOf(ctx).toEqualTypeOf<ApplyContext<S, Api, unknown>>();
        expectTypeOf(ctx.client).toEqualTypeOf<Api>();
        expectTypeOf(ctx.writeOnly).toEqualTypeOf<{ password: string | null }>();
        return { ...plan, id: ctx.client.create(plan.name), size: 1, password: null };
      },
      read: (state) => {
        expectTypeOf(state).toEqualTypeOf<ReadState<S>>();
        expectTypeOf(state.name).toEqualTypeOf<string | null>();
        return null;
      },
      update: (plan, prior) => {
        expectTypeOf(prior.id).toEqualTypeOf<string | null>();
        return { ...plan, id: prior.id, size: prior.size, password: null };
      },
      delete: (prior, ctx) => {
        expectTypeOf(prior).toEqualTypeOf<State<S>>();
        expectTypeOf(ctx).toEqualTypeOf<ResourceContext<Api, unknown>>();
      },
      modifyPlan: (req) => {
        expectTypeOf(req).toEqualTypeOf<ModifyPlanRequest<S>>();
        return undefined;
      },
    });
  });

  it("the compiler refuses a create that leaves a computed value unknown or returns nothing", () => {
    defineResource({
      typeName: "demo_server",
      schema,
      // @ts-expect-error the plan's id may be Unknown; a state may not
      create: (plan) => plan,
      read: (s) => s,
      update: (_p, prior) => prior,
      delete: () => {},
    });
    defineResource({
      typeName: "demo_server",
      schema,
      // @ts-expect-error create must return a state
      create: () => {},
      read: (s) => s,
      update: (_p, prior) => prior,
      delete: () => {},
    });
  });

  it("withClient fixes ctx.client without annotations; the provider's client must satisfy it", () => {
    const { defineResource: define } = withClient<Api>();
    const server = define({
      typeName: "demo_server",
      schema,
      create: (plan, ctx) => {
        expectTypeOf(ctx.client).toEqualTypeOf<Api>();
        return { ...plan, id: "x", size: 1, password: null };
      },
      read: (s) => s,
      update: (_p, prior) => prior,
      delete: () => {},
    });
    defineProvider({ metadata: { typeName: "demo" }, configure: () => new Api(), resources: [server] });
    // @ts-expect-error the provider's client (a string) is not the Api the resource needs
    defineProvider({ metadata: { typeName: "demo" }, configure: () => "nope", resources: [server] });
  });

  it("configure gets the provider config model, values possibly unknown", () => {
    defineProvider({
      metadata: { typeName: "demo" },
      schema: providerSchema({ attributes: { endpoint: attr.string({ required: true }) } }),
      configure: (config, ctx) => {
        expectTypeOf(config.endpoint).toEqualTypeOf<string | Unknown>();
        expectTypeOf(ctx.hasUnknownValues).toEqualTypeOf<boolean>();
        return new Api();
      },
    });
  });

  it("data sources read known config", () => {
    defineDataSource({
      typeName: "demo_image",
      schema: dataSourceSchema({
        attributes: { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
      }),
      read: (config) => {
        expectTypeOf(config).toEqualTypeOf<{ name: string }>();
        return { ...config, id: "x" };
      },
    });
  });

  it("function arguments are typed from the parameters, null and unknown only when allowed", () => {
    defineFunction({
      name: "f",
      parameters: [
        { name: "a", type: t.string },
        { name: "b", type: t.int64, allowNull: true },
        { name: "c", type: t.list(t.string), allowUnknown: true },
      ],
      variadic: { name: "rest", type: t.bool },
      returns: t.string,
      run: ([a, b, c], rest) => {
        expectTypeOf(a).toEqualTypeOf<string>();
        expectTypeOf(b).toEqualTypeOf<Int64 | null>();
        expectTypeOf(c).toEqualTypeOf<(string | null)[] | Unknown>();
        expectTypeOf(rest).toEqualTypeOf<boolean[]>();
        return a;
      },
    });
    defineFunction({
      name: "g",
      parameters: [{ name: "a", type: t.string }],
      returns: t.string,
      // @ts-expect-error the result must be a string
      run: () => 1,
    });
  });

  it("upgraders and movers never widen the resource's schema type; a mover's result must fit the state", () => {
    const legacy = resourceSchema({
      attributes: { id: attr.string({ computed: true }), label: attr.string({ optional: true }) },
    });
    defineResource({
      typeName: "demo_server",
      schema,
      create: (plan) => {
        expectTypeOf(plan.name).toEqualTypeOf<string>();
        return { ...plan, id: "x", size: 1, password: null };
      },
      read: (s) => s,
      update: (_p, prior) => prior,
      delete: () => {},
      moveState: [
        moveStateFrom(legacy, (old) => ({ id: old.id, name: old.label ?? "", size: 1, password: null })),
      ],
    });
    defineResource({
      typeName: "demo_server",
      schema,
      create: (plan) => ({ ...plan, id: "x", size: 1, password: null }),
      read: (s) => s,
      update: (_p, prior) => prior,
      delete: () => {},
      // @ts-expect-error the moved state lacks the required name
      moveState: [moveStateFrom(legacy, (old) => ({ id: old.id, size: 1, password: null }))],
    });
  });
});

describe("apply contexts and provider lists (request-path issue)", () => {
  const nested = resourceSchema({
    attributes: {
      id: attr.string({ computed: true }),
      name: attr.string({ required: true }),
      token: attr.string({ optional: true, writeOnly: true }),
      login: attr.singleNested(
        { user: attr.string({ required: true }), password: attr.string({ optional: true, writeOnly: true }) },
        { optional: true },
      ),
      note: attr.string({ optional: true }),
    },
  });
  it("gives create the typed configuration and the nested write-only values", () => {
    defineResource({
      typeName: "demo_login",
      schema: nested,
      create: (plan, ctx) => {
        expectTypeOf(ctx.config.name).toEqualTypeOf<string>();
        expectTypeOf(ctx.config.note).toEqualTypeOf<string | null>();
        expectTypeOf(ctx.writeOnly.token).toEqualTypeOf<string | null>();
        expectTypeOf(ctx.writeOnly.login).toEqualTypeOf<{ user: string; password: string | null } | null>();
        expectTypeOf(ctx.writeOnly).not.toHaveProperty("note");
        return { ...plan, id: "x", login: plan.login };
      },
      read: (s) => s,
      update: (p, prior) => ({ ...p, id: prior.id }),
      delete: () => {},
    });
  });
  it("lists a resource with write-only attributes, defined with plain defineResource, in a provider with configure", () => {
    const withWriteOnly = defineResource({
      typeName: "demo_login",
      schema: nested,
      create: (plan) => ({ ...plan, id: "x" }),
      read: (s) => s,
      update: (p, prior) => ({ ...p, id: prior.id }),
      delete: () => {},
    });
    defineProvider({
      metadata: { typeName: "demo" },
      configure: () => ({ endpoint: "x" }),
      resources: [withWriteOnly],
    });
    const needsApi = withClient<Api>().defineResource({
      typeName: "demo_login",
      schema: nested,
      create: (plan) => ({ ...plan, id: "x" }),
      read: (s) => s,
      update: (p, prior) => ({ ...p, id: prior.id }),
      delete: () => {},
    });
    // @ts-expect-error the provider's client is not the Api the resource needs
    defineProvider({ metadata: { typeName: "demo" }, configure: () => 42, resources: [needsApi] });
  });
});
