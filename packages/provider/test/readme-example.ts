import { defineProvider, importStatePassthroughId, ProviderError, withClient } from "@tfkit/provider";
import { requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";
import { attr, providerSchema, resourceSchema } from "@tfkit/schema";

/** The API the provider talks to (here: in memory). */
export class PetStore {
  readonly pets = new Map<string, { name: string; species: string; age: number }>();
  readonly endpoint: string;
  #next = 1;
  constructor(endpoint: string) {
    this.endpoint = endpoint;
  }
  add(pet: { name: string; species: string; age: number }): string {
    const id = `pet-${this.#next++}`;
    this.pets.set(id, { ...pet });
    return id;
  }
}

const { defineResource } = withClient<PetStore>();

export const pet = defineResource({
  typeName: "petstore_pet",
  schema: resourceSchema({
    attributes: {
      id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
      name: attr.string({ required: true }),
      species: attr.string({ required: true, planModifiers: [requiresReplace()] }),
      age: attr.int64({ optional: true, computed: true, default: 0 }),
    },
  }),
  // Apply never sees config: create gets the plan and returns the state.
  create: (plan, ctx) => {
    const age = typeof plan.age === "number" ? plan.age : 0;
    return { ...plan, age, id: ctx.client.add({ name: plan.name, species: plan.species, age }) };
  },
  // Returning null tells Terraform the pet is gone.
  read: (state, ctx) => {
    const found = ctx.client.pets.get(state.id ?? "");
    return found === undefined ? null : { ...state, ...found };
  },
  update: (plan, prior, ctx) => {
    const id = prior.id ?? "";
    const age = typeof plan.age === "number" ? plan.age : 0;
    if (!ctx.client.pets.has(id)) throw new ProviderError("Pet not found", { path: ["id"] });
    ctx.client.pets.set(id, { name: plan.name, species: plan.species, age });
    return { ...plan, id, age };
  },
  delete: (prior, ctx) => {
    ctx.client.pets.delete(prior.id ?? "");
  },
  importState: importStatePassthroughId(),
  timeouts: { create: "2m" },
});

export const provider = defineProvider({
  metadata: { typeName: "petstore", address: "registry.terraform.io/example/petstore" },
  schema: providerSchema({ attributes: { endpoint: attr.string({ optional: true }) } }),
  configure: (config) =>
    new PetStore(typeof config.endpoint === "string" ? config.endpoint : "http://localhost:8080"),
  resources: [pet],
});
