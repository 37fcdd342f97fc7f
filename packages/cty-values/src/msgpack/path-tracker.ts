import { CtyError, type CtyErrorCode, isCtyError } from "../errors.js";
import { attributeStep, indexStep, type Path, type PathStep } from "../path.js";
import type { Type } from "../type.js";
import { numberVal, stringVal, unknownVal, type Value } from "../value.js";

const ATTR = 0;
const INDEX_INT = 1;
const INDEX_STRING = 2;
const INDEX_VALUE = 3;
const INDEX_UNKNOWN = 4;

/**
 * The codecs' current position in the value, kept as cheap parallel stacks so that no
 * `PathStep` (nor a cty key value) is built unless an error actually needs the path.
 * @internal
 */
export class PathTracker {
  readonly #kinds: number[] = [];
  readonly #items: unknown[] = [];

  /** Enters an object attribute (`.name`). */
  attr(name: string): void {
    this.#kinds.push(ATTR);
    this.#items.push(name);
  }

  /** Enters a list/tuple element (`[i]`). */
  index(i: number): void {
    this.#kinds.push(INDEX_INT);
    this.#items.push(i);
  }

  /** Enters a map element (`["key"]`). */
  key(k: string): void {
    this.#kinds.push(INDEX_STRING);
    this.#items.push(k);
  }

  /** Enters an element addressed by an arbitrary cty value (set elements). */
  value(v: Value): void {
    this.#kinds.push(INDEX_VALUE);
    this.#items.push(v);
  }

  /** Enters an element addressed by an unknown key of the given type (JSON set elements). */
  unknownKey(t: Type): void {
    this.#kinds.push(INDEX_UNKNOWN);
    this.#items.push(t);
  }

  /**
   * Enters a step whose content the caller sets with {@link PathTracker.setIndex},
   * {@link PathTracker.setKey} or {@link PathTracker.setAttr} for each element in turn (one push
   * per container instead of one per element); returns the step's slot.
   */
  open(): number {
    this.#kinds.push(INDEX_INT);
    this.#items.push(0);
    return this.#kinds.length - 1;
  }

  /** Makes the step at `slot` a list/tuple index. */
  setIndex(slot: number, i: number): void {
    this.#kinds[slot] = INDEX_INT;
    this.#items[slot] = i;
  }

  /** Makes the step at `slot` a map key. */
  setKey(slot: number, k: string): void {
    this.#kinds[slot] = INDEX_STRING;
    this.#items[slot] = k;
  }

  /** Makes the step at `slot` an element addressed by a cty value (set elements). */
  setValue(slot: number, v: Value): void {
    this.#kinds[slot] = INDEX_VALUE;
    this.#items[slot] = v;
  }

  /** Makes the step at `slot` an object attribute. */
  setAttr(slot: number, name: string): void {
    this.#kinds[slot] = ATTR;
    this.#items[slot] = name;
  }

  /** Leaves the innermost step. */
  pop(): void {
    this.#kinds.pop();
    this.#items.pop();
  }

  /** Current depth (number of steps). */
  get depth(): number {
    return this.#kinds.length;
  }

  /** Materializes the path, optionally only its first `length` steps. */
  toPath(length = this.#kinds.length): Path {
    const out: PathStep[] = [];
    for (let i = 0; i < length; i++) {
      const item = this.#items[i];
      switch (this.#kinds[i]) {
        case ATTR:
          out.push(attributeStep(item as string));
          break;
        case INDEX_INT:
          out.push(indexStep(numberVal(item as number)));
          break;
        case INDEX_STRING:
          out.push(indexStep(stringVal(item as string)));
          break;
        case INDEX_UNKNOWN:
          out.push(indexStep(unknownVal(item as Type)));
          break;
        default:
          out.push(indexStep(item as Value));
      }
    }
    return out;
  }

  /** A CtyError at the current position (or at its first `length` steps). */
  error(code: CtyErrorCode, message: string, length?: number): CtyError {
    return new CtyError(code, message, { path: this.toPath(length) });
  }
}

/**
 * Re-anchors an error thrown by a nested helper (whose path is relative to `prefix`) at the
 * codec's current position, keeping its message; anything that is not a CtyError becomes one.
 * @internal
 */
export function rebase(err: unknown, tracker: PathTracker, code: CtyErrorCode, messagePrefix = ""): CtyError {
  const base = tracker.toPath();
  if (isCtyError(err)) {
    const inner = err.path ?? [];
    return new CtyError(code, messagePrefix + err.rawMessage, { path: [...base, ...inner], cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new CtyError(code, messagePrefix + message, { path: base, cause: err });
}
