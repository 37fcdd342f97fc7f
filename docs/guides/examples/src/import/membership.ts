import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { requiresReplace, useStateForUnknown } from "@tfkit/plan-engine";
import { defineProvider, ProviderError, withClient } from "@tfkit/provider";
import { attr, isUnknown, providerSchema, type ReadState, resourceSchema } from "@tfkit/schema";

/** The "API": team memberships in a JSON file, keyed `<team>/<user>` (the import ID). */
export class Teams {
  readonly file: string;
  constructor(file: string) {
    this.file = file;
  }
  #all(): Record<string, { role: string }> {
    return existsSync(this.file) ? JSON.parse(readFileSync(this.file, "utf8")) : {};
  }
  get(team: string, user: string): { role: string } | undefined {
    return this.#all()[`${team}/${user}`];
  }
  put(team: string, user: string, role: string): void {
    writeFileSync(this.file, JSON.stringify({ ...this.#all(), [`${team}/${user}`]: { role } }));
  }
  remove(team: string, user: string): void {
    const { [`${team}/${user}`]: _gone, ...rest } = this.#all();
    writeFileSync(this.file, JSON.stringify(rest));
  }
}

export const membershipSchema = resourceSchema({
  attributes: {
    id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }),
    team: attr.string({ required: true, planModifiers: [requiresReplace()] }),
    user: attr.string({ required: true, planModifiers: [requiresReplace()] }),
    role: attr.string({ optional: true, computed: true, default: "member" }),
    // Sent with the invitation e-mail; the API never returns it, so an import cannot recover it.
    invite_message: attr.string({ optional: true }),
  },
});

const { defineResource } = withClient<Teams>();

// A composite import ID: `terraform import teams_membership.ada core/ada`.
export function parseMembershipId(id: string): { team: string; user: string } {
  const [team, user, ...rest] = id.split("/");
  if (!team || !user || rest.length > 0) {
    throw new ProviderError("Unexpected import identifier", {
      detail: `Expected "<team>/<user>", got ${JSON.stringify(id)}.`,
    });
  }
  return { team, user };
}

export const membership = defineResource({
  typeName: "teams_membership",
  schema: membershipSchema,
  create: (plan, ctx) => {
    const role = isUnknown(plan.role) ? "member" : plan.role;
    ctx.client.put(plan.team, plan.user, role);
    return { ...plan, id: `${plan.team}/${plan.user}`, role };
  },
  // Right after an import, `state` holds only what importState returned: every other
  // attribute is null, even the required ones, and ReadState<S> types them so.
  read: (state, ctx): ReadState<typeof membershipSchema> | null => {
    if (state.team === null || state.user === null) return null;
    const found = ctx.client.get(state.team, state.user);
    if (found === undefined) return null;
    // invite_message is not in the API: keep what state has (null after an import).
    return { ...state, id: `${state.team}/${state.user}`, role: found.role };
  },
  update: (plan, prior, ctx) => {
    const role = isUnknown(plan.role) ? "member" : plan.role;
    ctx.client.put(plan.team, plan.user, role);
    return { ...plan, id: prior.id, role };
  },
  delete: (prior, ctx) => {
    ctx.client.remove(prior.team, prior.user);
  },
  // Split the ID into the attributes read needs; read fills in the rest.
  importState: (id) => {
    const { team, user } = parseMembershipId(id);
    return { id: `${team}/${user}`, team, user };
  },
});

export const provider = defineProvider({
  metadata: { typeName: "teams", address: "example.test/guide/teams" },
  schema: providerSchema({ attributes: { file: attr.string({ required: true }) } }),
  configure: (config) => new Teams(typeof config.file === "string" ? config.file : "teams.json"),
  resources: [membership],
});
