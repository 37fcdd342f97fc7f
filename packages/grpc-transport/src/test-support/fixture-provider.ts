/**
 * A tiny provider used by this package's tests and the start-up measurement. Behaviour is picked
 * with TFKIT_FIXTURE (default: a plain schema-only provider).
 *
 * @internal
 * @packageDocumentation
 */
import { serve } from "../serve.js";
import type { ProviderServer } from "../provider-server.js";

const mode = process.env.TFKIT_FIXTURE ?? "plain";

const server: ProviderServer = {
  getProviderSchema: () => ({
    provider: { block: { attributes: [{ name: "endpoint", type: '"string"', optional: true }] } },
    resourceSchemas: {
      proto_thing: {
        version: 1,
        block: {
          attributes: [
            { name: "id", type: '"string"', computed: true },
            { name: "name", type: '"string"', required: true },
          ],
        },
      },
    },
    serverCapabilities: { planDestroy: true },
  }),
  validateResourceConfig: (req) => {
    if (mode === "throw") throw new Error(`boom in ${req.typeName}`);
    // Stray output after the handshake must not reach stdout.
    console.log("noise from console.log");
    process.stdout.write("noise from process.stdout.write\n");
    return {};
  },
  // Echo, for the memory test: the answer is as large as the request.
  readResource: (req) => ({ newState: req.currentState }),
  // The process's memory usage, as a warning's summary (JSON).
  validateProviderConfig: () => ({
    diagnostics: [{ severity: "warning", summary: JSON.stringify(process.memoryUsage()) }],
  }),
  readDataSource: async (_req, ctx) => {
    // Waits until StopProvider aborts the call's signal, then reports it.
    await new Promise<void>((resolve) => {
      if (ctx.signal.aborted) resolve();
      ctx.signal.addEventListener("abort", () => resolve(), { once: true });
    });
    return {
      diagnostics: [
        { severity: "warning", summary: `aborted: ${String((ctx.signal.reason as Error)?.message)}` },
      ],
    };
  },
};

serve(server, { providerAddress: "example.test/acme/proto" }).catch((error: unknown) => {
  process.stderr.write(`serve failed: ${String(error)}\n`);
  process.exit(1);
});
