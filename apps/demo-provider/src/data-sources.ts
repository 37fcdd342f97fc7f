import { ProviderError } from "@tfkit/provider";
import { attr, dataSourceSchema, t } from "@tfkit/schema";
import { defineDataSource } from "./client.js";

/**
 * `data "demo_network"`: looks a network up by name (`default` is the cloud's built-in one).
 * @category models
 */
export const networkLookup = defineDataSource({
  typeName: "demo_network",
  schema: dataSourceSchema({
    description: "Looks up a network by name.",
    attributes: {
      name: attr.string({
        required: true,
        description: "The network name (`default`: the built-in network).",
      }),
      id: attr.string({ computed: true, description: "Its ID." }),
      cidr: attr.string({ computed: true, description: "Its IPv4 prefix." }),
    },
  }),
  read: async (config, ctx) => {
    const found = await ctx.client.findNetwork(config.name, ctx.signal);
    if (found === null) {
      throw new ProviderError(`No network named "${config.name}"`, { path: ["name"] });
    }
    return { name: found.name, id: found.id, cidr: found.cidr };
  },
});

/**
 * `data "demo_images"`: the image catalog, optionally filtered by a name prefix.
 * @category models
 */
export const images = defineDataSource({
  typeName: "demo_images",
  schema: dataSourceSchema({
    description: "The images servers can boot.",
    attributes: {
      name_prefix: attr.string({ optional: true, description: "Only images whose name starts with this." }),
      names: attr.list(t.string, { computed: true, description: "The matching image names, sorted." }),
      images: attr.listNested(
        { name: attr.string({ computed: true }), os: attr.string({ computed: true }) },
        { computed: true, description: "The matching images." },
      ),
    },
  }),
  read: async (config, ctx) => {
    const all = await ctx.client.images(ctx.signal);
    const prefix = config.name_prefix ?? "";
    const matching = all.filter((i) => i.name.startsWith(prefix)).sort((a, b) => (a.name < b.name ? -1 : 1));
    return {
      name_prefix: config.name_prefix,
      names: matching.map((i) => i.name),
      images: matching.map((i) => ({ ...i })),
    };
  },
});
