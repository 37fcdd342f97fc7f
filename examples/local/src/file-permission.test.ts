/** upstream's TestFilePermissionValueValidateAttribute, on the semantic type's validation. */
import { describe, expect, it } from "vitest";
import { filePermission } from "./file-permission.js";

const SUMMARY = "Invalid File Permission String Value";

describe("filePermission (upstream's FilePermissionValue.ValidateAttribute)", () => {
  it.each([
    ["0777", []],
    ["0644", []],
    ["644", []],
    [
      "9999",
      [
        {
          summary: SUMMARY,
          detail: "bad mode permission: string must be expressed in octal numeric notation: 9999",
        },
      ],
    ],
    ["7", [{ summary: SUMMARY, detail: "bad mode permission: string length should be 3 or 4 digits: 7" }]],
    [
      "00700",
      [{ summary: SUMMARY, detail: "bad mode permission: string length should be 3 or 4 digits: 00700" }],
    ],
    ["-1", [{ summary: SUMMARY, detail: "bad mode permission: string length should be 3 or 4 digits: -1" }]],
    [
      "-777",
      [
        {
          summary: SUMMARY,
          detail: "bad mode permission: string must be expressed in octal numeric notation: -777",
        },
      ],
    ],
    [
      "0o77",
      [
        {
          summary: SUMMARY,
          detail: "bad mode permission: string must be expressed in octal numeric notation: 0o77",
        },
      ],
    ],
  ])("%s", (mode, expected) => {
    expect(filePermission.semantic.validate(mode)).toEqual(expected);
  });
});
