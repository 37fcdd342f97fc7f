import { readFileSync } from "node:fs";
import { fromMillis, type GoTime, parseRfc3339 } from "./time.js";

/**
 * Where the provider reads the current time (upstream's `clock.Clock`): tests substitute a fake
 * one, in-process directly and under terraform through {@link CLOCK_FILE_ENV}.
 */
export interface Clock {
  /** The current time, in UTC. */
  now(): GoTime;
}

/** The system clock. */
export const systemClock: Clock = { now: () => fromMillis(Date.now()) };

/**
 * The environment variable naming a file that holds the current time as RFC 3339 text: set, the
 * provider process reads its "now" from that file (read at every call, so a test moves the clock
 * between terraform commands by rewriting the file). Tests only.
 */
export const CLOCK_FILE_ENV = "TFKIT_TIME_FAKE_CLOCK_FILE";

/** A clock read from a file holding an RFC 3339 timestamp. */
export function fileClock(path: string): Clock {
  return {
    now: () => {
      const text = readFileSync(path, "utf8").trim();
      const t = parseRfc3339(text);
      if (typeof t === "string") throw new Error(`${CLOCK_FILE_ENV} (${path}): ${t}`);
      return { ...t, offset: 0 };
    },
  };
}

/** The clock the executable uses: {@link fileClock} when {@link CLOCK_FILE_ENV} is set, else the system clock. */
export function clockFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): Clock {
  const file = env[CLOCK_FILE_ENV];
  return file === undefined || file === "" ? systemClock : fileClock(file);
}
