import { useStateForUnknown } from "@tfkit/plan-engine";
import { defineProvider, importStatePassthroughId, ProviderError, withClient } from "@tfkit/provider";
import { attr, providerSchema, resourceSchema } from "@tfkit/schema";
import { NotesApi } from "./notes-api.js";

// 1. The schema: what users write in configuration and what ends up in state.
export const noteSchema = resourceSchema({
  description: "A note.",
  attributes: {
    id: attr.string({ computed: true, description: "Note ID.", planModifiers: [useStateForUnknown()] }),
    title: attr.string({ required: true, description: "Title." }),
    body: attr.string({ optional: true, description: "Text of the note." }),
    pinned: attr.bool({
      optional: true,
      computed: true,
      default: false,
      description: "Pinned (default false).",
    }),
    created_at: attr.string({
      computed: true,
      description: "Creation time.",
      planModifiers: [useStateForUnknown()],
    }),
  },
});

// 2. The resource: four hooks on typed models. `ctx.client` is what `configure` returned.
const { defineResource } = withClient<NotesApi>();

export const note = defineResource({
  typeName: "notes_note",
  schema: noteSchema,
  create: (plan, ctx) => {
    const pinned = plan.pinned === true;
    const { id, note } = ctx.client.create({ title: plan.title, body: plan.body, pinned });
    return { ...plan, id, pinned, created_at: note.createdAt };
  },
  read: (state, ctx) => {
    const found = ctx.client.get(state.id ?? "");
    if (found === undefined) return null; // gone: Terraform plans to create it again
    return {
      ...state,
      title: found.title,
      body: found.body,
      pinned: found.pinned,
      created_at: found.createdAt,
    };
  },
  update: (plan, prior, ctx) => {
    const id = prior.id ?? "";
    if (ctx.client.get(id) === undefined) throw new ProviderError("Note not found", { path: ["id"] });
    const pinned = plan.pinned === true;
    ctx.client.update(id, { title: plan.title, body: plan.body, pinned });
    return { ...plan, id, pinned, created_at: prior.created_at };
  },
  delete: (prior, ctx) => {
    ctx.client.delete(prior.id ?? "");
  },
  importState: importStatePassthroughId(),
});

// 3. The provider: its own configuration, the client it builds, its resources.
export const provider = defineProvider({
  metadata: { typeName: "notes", address: "example.test/guide/notes" },
  schema: providerSchema({
    attributes: { file: attr.string({ optional: true, description: "Where the notes are kept." }) },
  }),
  configure: (config) => new NotesApi(typeof config.file === "string" ? config.file : "notes.json"),
  resources: [note],
});
