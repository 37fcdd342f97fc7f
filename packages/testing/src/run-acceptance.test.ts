import { describe, expect, it } from "vitest";
import { fromExecutable } from "./launcher.js";
import { runAcceptance } from "./run-acceptance.js";

// A stand-in binary: these cases are rejected before any terraform command runs.
const options = { terraformPath: "/bin/true" };
const launcher = fromExecutable("/bin/true");

describe("runAcceptance input checks", () => {
  it("rejects a provider name that is not a provider local name", async () => {
    await expect(
      runAcceptance({ providers: { Bad_Name: launcher }, steps: [{ config: "" }] }, options),
    ).rejects.toThrow('runAcceptance: provider name "Bad_Name" must be a provider local name');
  });

  it("rejects a case without providers or without steps", async () => {
    await expect(runAcceptance({ providers: {}, steps: [{ config: "" }] }, options)).rejects.toThrow(
      "runAcceptance: the test case names no providers",
    );
    await expect(runAcceptance({ providers: { demo: launcher }, steps: [] }, options)).rejects.toThrow(
      "runAcceptance: the test case has no steps",
    );
  });
});
