import type { Schema } from "@tfkit/schema";
import type { ResourceType } from "../resource.js";

/** @internal A resource type of any schema, client and private state, as the RPCs see it. */
export type AnyResource = ResourceType<Schema, unknown, unknown>;

/** @internal A model as the RPCs handle it: a record of attribute and block models. */
export type Model = Record<string, unknown>;
