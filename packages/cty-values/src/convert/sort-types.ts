import type { Type } from "../type.js";
import { compareTypes } from "./compare-types.js";

/**
 * Indices of the types, most general first: the preference order for unification.
 *
 * @remarks go-cty `sortTypes`: a topological sort (Kahn's algorithm, ties in input order) of
 * the "more general than" graph from {@link compareTypes}. As in go-cty, positions the sort
 * cannot reach (a cycle) are left as index 0.
 * @internal
 */
export function sortTypes(types: readonly Type[]): number[] {
  const n = types.length;
  const edges: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n - 1; i++) {
    for (let j = i + 1; j < n; j++) {
      const c = compareTypes(types[i] as Type, types[j] as Type);
      if (c < 0) (edges[i] as number[]).push(j);
      else if (c > 0) (edges[j] as number[]).push(i);
    }
  }
  const inDegree = new Array<number>(n).fill(0);
  for (const outs of edges) for (const j of outs) inDegree[j] = (inDegree[j] as number) + 1;

  const result = new Array<number>(n).fill(0);
  let tail = 0;
  for (let i = 0; i < n; i++) if (inDegree[i] === 0) result[tail++] = i;
  for (let head = 0; head < tail; head++) {
    for (const j of edges[result[head] as number] as number[]) {
      inDegree[j] = (inDegree[j] as number) - 1;
      if (inDegree[j] === 0) result[tail++] = j;
    }
  }
  return result;
}
