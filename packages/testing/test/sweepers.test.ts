/**
 * Sweepers clean what failed runs left behind, under both runners: a case aborted mid-way (after
 * an abort neither runner runs its clean-up destroy). The "region" is the widgets store file.
 */
import { describe, expect, it } from "vitest";
import { createSweepers, runAcceptance, runFakeCore, type TestCase } from "../src/index.js";
import { CASE_TIMEOUT, failureOf, MODE } from "./support.js";
import {
  freshStore,
  hasTerraform,
  readWidgets,
  widgetsLauncher,
  widgetsProvider,
  writeWidgets,
} from "./widgets-support.js";

const A = "widgets_widget.a";

/** Deletes the widgets whose name starts with "sweep-" (what the tests create), nothing else. */
const sweepers = createSweepers().add({
  name: "widgets_widget",
  sweep: (store) => {
    const s = readWidgets(store);
    const kept = Object.entries(s.widgets).filter(([, w]) => !w.name.startsWith("sweep-"));
    writeWidgets({ ...s, widgets: Object.fromEntries(kept) }, store);
  },
});

/** A store holding one widget that is not the tests' own (a sweeper must keep it). */
function storeWithBystander(): string {
  const store = freshStore();
  writeWidgets(
    { widgets: { "w-0": { zone: "eu", name: "keep-me", size: null, label: null, serial: 0 } }, serial: 0 },
    store,
  );
  return store;
}

const names = (store: string) =>
  Object.values(readWidgets(store).widgets)
    .map((w) => w.name)
    .sort();

describe("sweepers clean the leftovers of failed runs", () => {
  it("fake core: a case aborted at step 2 leaves its widget; the sweeper removes it and only it", async () => {
    const store = storeWithBystander();
    const controller = new AbortController();
    const aborted: TestCase = {
      providers: { widgets: widgetsLauncher },
      steps: [
        { structuredConfig: { resources: { [A]: { zone: "eu", name: "sweep-1" } } } },
        { preConfig: () => controller.abort(), planOnly: true },
        { planOnly: true },
      ],
    };
    const error = await failureOf(() =>
      runFakeCore(aborted, {
        provider: widgetsProvider,
        signal: controller.signal,
        env: { TFKIT_WIDGETS_STORE: store },
      }),
    );
    expect(error.message).toContain("aborted");
    expect(names(store)).toEqual(["keep-me", "sweep-1"]);
    const report = await sweepers.run({ regions: [store] });
    expect(report).toMatchObject({
      ok: true,
      results: [{ sweeper: "widgets_widget", region: store, ok: true }],
    });
    expect(names(store)).toEqual(["keep-me"]);
  });

  it.skipIf(!hasTerraform)(
    "real CLI: a case aborted at step 2 leaves its widget; the sweeper removes it and only it",
    async () => {
      const store = storeWithBystander();
      const controller = new AbortController();
      const aborted: TestCase = {
        providers: { widgets: widgetsLauncher },
        steps: [
          { structuredConfig: { resources: { [A]: { zone: "eu", name: "sweep-2" } } } },
          { preConfig: () => controller.abort(), planOnly: true },
        ],
      };
      const error = await failureOf(() =>
        runAcceptance(aborted, {
          mode: MODE,
          signal: controller.signal,
          env: { TFKIT_WIDGETS_STORE: store },
        }),
      );
      expect(error.message).toContain("aborted");
      expect(names(store)).toEqual(["keep-me", "sweep-2"]);
      expect((await sweepers.run({ regions: [store] })).ok).toBe(true);
      expect(names(store)).toEqual(["keep-me"]);
    },
    CASE_TIMEOUT,
  );
});
