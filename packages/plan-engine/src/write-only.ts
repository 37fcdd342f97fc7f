// One walk for plans, states and upgrades: `@tfkit/schema`'s. Re-exported here, where planning
// code has always found it.
export { nullWriteOnlyAttributes } from "@tfkit/schema";
