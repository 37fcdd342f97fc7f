import { defineProvider } from "@tfkit/provider";
import { providerSchema } from "@tfkit/schema";
import { type Clock, systemClock } from "./clock.js";
import { durationParse, rfc3339Parse, unixTimestampParse } from "./functions.js";
import { timeOffset } from "./resources/offset.js";
import { timeRotating } from "./resources/rotating.js";
import { timeSleep } from "./resources/sleep.js";
import { timeStatic } from "./resources/static.js";

/** The provider's source address in these examples' configurations. */
export const TIME_PROVIDER_ADDRESS = "example.test/tfkit/time";

/**
 * `terraform-provider-time` on tfkit, reading "now" from `clock` (upstream's `NewTestProvider`
 * takes one too): the system clock by default, a fake one in tests.
 */
export function createProvider(clock: Clock = systemClock) {
  return defineProvider({
    metadata: { typeName: "time", version: "0.0.0", address: TIME_PROVIDER_ADDRESS },
    schema: providerSchema({ attributes: {} }),
    configure: () => clock,
    resources: [timeOffset, timeRotating, timeSleep, timeStatic],
    functions: [durationParse, rfc3339Parse, unixTimestampParse],
  });
}
