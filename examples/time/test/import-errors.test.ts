/**
 * Malformed import IDs get upstream's diagnostics, not crashes (upstream has no tests for these;
 * they follow its ImportState code).
 */
import { type ConfigBody, runFakeCore } from "@tfkit/testing";
import { describe, it } from "vitest";
import { createProvider } from "../src/provider.js";
import { launcher } from "./harness.js";

const cases: [type: string, config: ConfigBody, id: string, error: RegExp][] = [
  ["time_static", {}, "yesterday", /Import time static error[\s\S]*could not be parsed as RFC3339/],
  [
    "time_offset",
    { offset_days: 1 },
    "2026-01-01T00:00:00Z,1",
    /Unexpected Format of ID[\s\S]*BASETIMESTAMP,YEARS/,
  ],
  [
    "time_offset",
    { offset_days: 1 },
    "2026-01-01T00:00:00Z,,,,,,",
    /where at least one offset value is non-empty/,
  ],
  [
    "time_offset",
    { offset_days: 1 },
    "2026-01-01T00:00:00Z,,,x,,,",
    /offset_days parameter that was supplied could not be parsed as Int64/,
  ],
  [
    "time_rotating",
    { rotation_days: 1 },
    "2026-01-01T00:00:00Z,soon",
    /Import time rotating error[\s\S]*RFC3339/,
  ],
  ["time_rotating", { rotation_days: 1 }, "2026-01-01T00:00:00Z,,,", /Unexpected Format of ID/],
  ["time_sleep", { create_duration: "1ms" }, "1ms", /CREATEDURATION,DESTROYDURATION/],
  ["time_sleep", { create_duration: "1ms" }, "a while,", /Import time sleep error[\s\S]*cannot be parsed/],
];

describe("malformed import IDs (fake core)", () => {
  for (const [type, config, id, error] of cases) {
    it(`${type} "${id}"`, async () => {
      await runFakeCore(
        {
          providers: { time: launcher },
          steps: [
            { structuredConfig: { resources: { [`${type}.test`]: config } } },
            { importState: true, resourceName: `${type}.test`, importStateId: id, expectError: error },
          ],
        },
        { provider: createProvider() },
      );
    });
  }
});
