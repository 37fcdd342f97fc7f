import { goQuote } from "@tfkit/cty-values";

/**
 * One step of a {@link PathExpression}.
 *
 * @remarks `parent` goes one step up (resolved when the expression is merged with the path of the
 * attribute it is declared on); the `any_*` steps match every element of a list, every key of a
 * map or every element of a set. Mirrors the Go framework's `path.ExpressionStep` kinds.
 * @category models
 */
export type PathExpressionStep =
  | {
      /** Discriminant: an attribute (or block type) by name. */
      readonly kind: "attribute";
      /** The attribute or block type name. */
      readonly name: string;
    }
  | {
      /** Discriminant: the object containing the current step. */
      readonly kind: "parent";
    }
  | {
      /** Discriminant: one list element. */
      readonly kind: "list_index";
      /** The zero-based index. */
      readonly index: number;
    }
  | {
      /** Discriminant: every list element. */
      readonly kind: "any_list_index";
    }
  | {
      /** Discriminant: one map element. */
      readonly kind: "map_key";
      /** The map key. */
      readonly key: string;
    }
  | {
      /** Discriminant: every map element. */
      readonly kind: "any_map_key";
    }
  | {
      /** Discriminant: every set element. */
      readonly kind: "any_set_value";
    };

const BRAND = Symbol.for("@tfkit/schema/PathExpression");

/**
 * Where a presence rule or a validator looks in the configuration: from the root, or relative to
 * the attribute it is declared on, through attributes, parents and (any) collection elements.
 *
 * @remarks Build one with {@link matchRoot} or {@link matchRelative} and extend it with the
 * `at…` methods; each returns a new expression. A relative expression is merged with the path
 * of the attribute it is declared on: on `rule[0].port`, `matchRelative().atParent().atName("range")`
 * means `rule[0].range`. An expression may match several values (`atAnyListIndex()`), or none
 * (when a value on the way is null). Mirrors the Go framework's `path.Expression`
 * (`path.MatchRoot("a").AtAnyListIndex().AtName("b")`, `path.MatchRelative().AtParent().AtName("x")`);
 * {@link PathExpression.toString} renders it the same way (`a[*].b`, `<.x`).
 * @example
 * ```ts
 * matchRoot("rule").atAnyListIndex().atName("port").toString(); // "rule[*].port"
 * ```
 * @category models
 */
export class PathExpression {
  /** Whether the expression starts at the root of the configuration (otherwise at the attribute). */
  readonly root: boolean;
  /** The steps, in order. */
  readonly steps: readonly PathExpressionStep[];
  /** @internal brand for {@link isPathExpression}. */
  readonly [BRAND] = true;

  /** Use {@link matchRoot} or {@link matchRelative} instead. */
  constructor(root: boolean, steps: readonly PathExpressionStep[]) {
    this.root = root;
    this.steps = Object.freeze([...steps]);
    Object.freeze(this);
  }

  #with(step: PathExpressionStep): PathExpression {
    return new PathExpression(this.root, [...this.steps, step]);
  }

  /** An attribute or block type of the current object (Go `AtName`). */
  atName(name: string): PathExpression {
    return this.#with({ kind: "attribute", name });
  }

  /** The object containing the current step (Go `AtParent`). */
  atParent(): PathExpression {
    return this.#with({ kind: "parent" });
  }

  /** One element of the current list (Go `AtListIndex`). */
  atListIndex(index: number): PathExpression {
    return this.#with({ kind: "list_index", index });
  }

  /** Every element of the current list (Go `AtAnyListIndex`). */
  atAnyListIndex(): PathExpression {
    return this.#with({ kind: "any_list_index" });
  }

  /** One element of the current map (Go `AtMapKey`). */
  atMapKey(key: string): PathExpression {
    return this.#with({ kind: "map_key", key });
  }

  /** Every element of the current map (Go `AtAnyMapKey`). */
  atAnyMapKey(): PathExpression {
    return this.#with({ kind: "any_map_key" });
  }

  /** Every element of the current set (Go `AtAnySetValue`). */
  atAnySetValue(): PathExpression {
    return this.#with({ kind: "any_set_value" });
  }

  /** Renders the expression as the Go framework does: `a[*].b`, `tags["*"]`, `<.x`. */
  toString(): string {
    return stepsToString(this.steps);
  }
}

/**
 * An expression starting at the root of the configuration with the attribute or block `name`.
 * @example
 * ```ts
 * matchRoot("network").atAnyListIndex().atName("cidr");
 * ```
 * @category constructors
 */
export function matchRoot(name: string): PathExpression {
  return new PathExpression(true, [{ kind: "attribute", name }]);
}

/**
 * An expression starting at the attribute it is declared on; `.atParent().atName("x")` is the
 * sibling `x`.
 * @category constructors
 */
export function matchRelative(): PathExpression {
  return new PathExpression(false, []);
}

/** Reports whether something is a {@link PathExpression} (brand check, safe across module copies). @category guards */
export function isPathExpression(u: unknown): u is PathExpression {
  return typeof u === "object" && u !== null && (u as Record<symbol, unknown>)[BRAND] === true;
}

/**
 * What presence rules (`conflictsWith`, `alsoRequires`, `exactlyOneOf`, `atLeastOneOf`) and
 * sum-of validators accept: a sibling's name (the attribute or block type of the same object) or
 * a {@link PathExpression} reaching anywhere.
 * @category models
 */
export type PathTarget = string | PathExpression;

/** @internal A plain name is the sibling of the same object. */
export function targetExpression(target: PathTarget): PathExpression {
  return typeof target === "string" ? matchRelative().atParent().atName(target) : target;
}

/** @internal How a target is shown in descriptions: a name as itself, an expression as Go shows it. */
export function targetString(target: PathTarget): string {
  return typeof target === "string" ? target : target.toString();
}

/** @internal Renders steps the way the Go framework's `ExpressionSteps.String()` does. */
export function stepsToString(steps: readonly PathExpressionStep[]): string {
  let out = "";
  steps.forEach((step, i) => {
    switch (step.kind) {
      case "attribute":
        out += i === 0 ? step.name : `.${step.name}`;
        return;
      case "parent":
        out += i === 0 ? "<" : ".<";
        return;
      case "list_index":
        out += `[${step.index}]`;
        return;
      case "any_list_index":
        out += "[*]";
        return;
      case "map_key":
        out += `[${goQuote(step.key)}]`;
        return;
      case "any_map_key":
        out += '["*"]';
        return;
      case "any_set_value":
        out += "[Value(*)]";
        return;
    }
  });
  return out;
}
