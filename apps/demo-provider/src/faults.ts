import { ProviderError } from "@tfkit/provider";

/**
 * One injected fault, parsed from `TFKIT_DEMO_FAULTS`.
 * @category models
 */
export interface Fault {
  /** When it fires: before a create, after the remote object was created, on read, update, delete. */
  readonly op: "create" | "create_after_remote" | "read" | "update" | "delete";
  /** The resource or data source type it applies to (`*` for any). */
  readonly typeName: string;
  /** Only for objects with this `name` (any when absent). */
  readonly name?: string;
}

/** A bad TFKIT_DEMO_FAULTS is the user's to fix: a diagnostic at configure, not a provider bug. */
function badSpec(summary: string): ProviderError {
  return new ProviderError(summary, {
    detail:
      "TFKIT_DEMO_FAULTS takes comma-separated entries: create:T, create_after_remote:T, read:T, update:T, delete:T (T a type such as demo_server, or *; T=name for one object) and slow:<ms>.",
  });
}

/**
 * The faults the demo cloud injects, from the environment variable `TFKIT_DEMO_FAULTS`.
 *
 * @remarks Comma-separated entries: `create_after_remote:demo_server` (the object is created,
 * then the create fails: the partial-state case of Terraform's "Resource Lifecycle"), `create:T`, `read:T`, `update:T`,
 * `delete:T` (fail before touching the store), `T=name` to target one object by name, and
 * `slow:200` (every cloud call waits 200 ms, outside the store lock).
 * @category models
 */
export class Faults {
  /** The parsed fault entries. */
  readonly entries: readonly Fault[];
  /** Extra latency per cloud call, in milliseconds. */
  readonly slowMs: number;

  constructor(spec: string | undefined) {
    const entries: Fault[] = [];
    let slowMs = 0;
    for (const raw of (spec ?? "").split(",")) {
      const item = raw.trim();
      if (item === "") continue;
      const [op, target = "*"] = item.split(":", 2) as [string, string?];
      if (op === "slow") {
        slowMs = Number(target);
        if (!Number.isFinite(slowMs) || slowMs < 0)
          throw badSpec(`TFKIT_DEMO_FAULTS: bad slow value "${target}"`);
        continue;
      }
      if (!["create", "create_after_remote", "read", "update", "delete"].includes(op)) {
        throw badSpec(`TFKIT_DEMO_FAULTS: unknown fault "${op}" in "${item}"`);
      }
      const [typeName = "*", name] = target.split("=", 2);
      entries.push({ op: op as Fault["op"], typeName, ...(name === undefined ? {} : { name }) });
    }
    this.entries = entries;
    this.slowMs = slowMs;
  }

  /** Reads `TFKIT_DEMO_FAULTS`. */
  static fromEnv(env: Readonly<Record<string, string | undefined>> = process.env): Faults {
    return new Faults(env.TFKIT_DEMO_FAULTS);
  }

  /** Whether a fault is set for this operation on this type (and object name). */
  fires(op: Fault["op"], typeName: string, name?: string | null): boolean {
    return this.entries.some(
      (f) =>
        f.op === op &&
        (f.typeName === "*" || f.typeName === typeName) &&
        (f.name === undefined || f.name === name),
    );
  }

  /** Waits the configured latency (aborts with the signal). */
  async latency(signal?: AbortSignal): Promise<void> {
    if (this.slowMs <= 0) return;
    const { setTimeout: sleep } = await import("node:timers/promises");
    await sleep(this.slowMs, undefined, signal === undefined ? {} : { signal });
  }
}
