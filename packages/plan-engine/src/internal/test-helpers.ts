import type { Type, Value } from "@tfkit/cty-values";
import {
  listVal,
  listValEmpty,
  nullVal,
  numberVal,
  objectType,
  objectVal,
  setVal,
  setValEmpty,
  stringType,
  stringVal,
  unknownVal,
  valueGoString,
} from "@tfkit/cty-values";
import { expect } from "vitest";

/** Test shorthands (not exported from the package). */
export const s = (x: string): Value => stringVal(x);
export const n = (x: number): Value => numberVal(x);
export const obj = (attrs: Record<string, Value>): Value => objectVal(attrs);
export const list = (...els: Value[]): Value => listVal(els);
export const set = (...els: Value[]): Value => setVal(els);
export const NS = nullVal(stringType);
export const US = unknownVal(stringType);
export const nul = (t: Type): Value => nullVal(t);
export const ot = (attrs: Record<string, Type>): Type => objectType(attrs);
export const emptyList = (t: Type): Value => listValEmpty(t);
export const emptySet = (t: Type): Value => setValEmpty(t);

/** Asserts two values are the same (compared through their Go-syntax rendering, which shows types and order). */
export function expectValue(got: Value, want: Value): void {
  expect(valueGoString(got)).toBe(valueGoString(want));
}
