import { useStateForUnknown } from "@tfkit/plan-engine";
import { defineProvider, defineResource } from "@tfkit/provider";
import { attr, resourceSchema } from "@tfkit/schema";

// The remote object: every change bumps its revision, which the provider reports back.
const documents = new Map<string, { text: string; revision: number }>();

export const brokenSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    text: attr.string({ required: true }),
    // Wrong: the revision changes on every update, but this copies the old one into the plan.
    revision: attr.int64({ computed: true, planModifiers: [useStateForUnknown()] }),
  },
});

export const documentSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    text: attr.string({ required: true }),
    // Right: no modifier. On an update the plan engine marks it unknown ("known after apply"),
    // so any new revision is allowed; on a no-op plan it keeps the state's value.
    revision: attr.int64({ computed: true }),
  },
});

function documentResource(typeName: string, schema: typeof documentSchema) {
  return defineResource({
    typeName,
    schema,
    create: (plan) => {
      const id = `doc-${documents.size + 1}`;
      documents.set(id, { text: plan.text, revision: 1 });
      return { ...plan, id, revision: 1 };
    },
    read: (state) => {
      const found = documents.get(state.id ?? "");
      return found === undefined ? null : { ...state, ...found };
    },
    update: (plan, prior) => {
      const id = prior.id ?? "";
      const revision = Number(prior.revision ?? 0) + 1;
      documents.set(id, { text: plan.text, revision });
      return { ...plan, id, revision };
    },
    delete: (prior) => {
      documents.delete(prior.id ?? "");
    },
  });
}

export const brokenDocument = documentResource("contracts_broken_document", brokenSchema);
export const document = documentResource("contracts_document", documentSchema);

// Strict mode checks every answer with @tfkit/contracts before it leaves the provider. It is on
// under tests anyway (VITEST, NODE_ENV=test); `strict: true` keeps it on everywhere.
export const provider = defineProvider({
  metadata: { typeName: "contracts" },
  strict: true,
  resources: [brokenDocument, document],
});
