// String formats as Go's standard library accepts them, since Go providers' users expect the
// same values to pass: encoding/base64, encoding/json, time.Parse(time.RFC3339, …), net/netip.
import { parseRFC3339 } from "../semantic/rfc3339.js";

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** @internal `base64.StdEncoding.DecodeString` succeeds (it skips `\r` and `\n`). */
export function isBase64(s: string): boolean {
  return BASE64.test(s.replace(/[\r\n]/g, ""));
}

/** @internal `json.Valid` (JSON.parse has the same grammar). */
export function isJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

/** @internal `time.Parse(time.RFC3339, s)` succeeds: fields in range, no leap second, `T` and `Z` upper case. */
export function isRfc3339(s: string): boolean {
  return parseRFC3339(s).ok;
}

function isIpv4(s: string): boolean {
  const parts = s.split(".");
  if (parts.length !== 4) return false;
  return parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function isIpv6(s: string): boolean {
  if (s.includes("%")) return false; // a zone: net.ParseIP refuses it
  let groups = 0;
  let rest = s;
  const double = rest.indexOf("::");
  if (double !== rest.lastIndexOf("::") && double !== -1) return false;
  const halves = double === -1 ? [rest] : [rest.slice(0, double), rest.slice(double + 2)];
  for (let h = 0; h < halves.length; h++) {
    rest = halves[h] as string;
    if (rest === "") continue;
    const fields = rest.split(":");
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i] as string;
      const last = h === halves.length - 1 && i === fields.length - 1;
      if (last && f.includes(".")) {
        if (!isIpv4(f)) return false;
        groups += 2;
      } else if (/^[0-9A-Fa-f]{1,4}$/.test(f)) groups += 1;
      else return false;
    }
  }
  // "::" stands for at least one group of zeros (netip: "must expand to at least one field").
  return double === -1 ? groups === 8 : groups <= 7;
}

/** @internal `net.ParseIP` succeeds (optionally of one family). */
export function isIp(s: string, family?: "ipv4" | "ipv6"): boolean {
  if (family === "ipv4") return isIpv4(s);
  if (family === "ipv6") return s.includes(":") && isIpv6(s);
  return isIpv4(s) || (s.includes(":") && isIpv6(s));
}

/** @internal `net.ParseCIDR` succeeds: an address, `/`, a prefix length up to the address's bits. */
export function isCidr(s: string, family?: "ipv4" | "ipv6"): boolean {
  const slash = s.indexOf("/");
  if (slash < 0) return false;
  const addr = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return false;
  const v6 = addr.includes(":");
  if (family === "ipv4" && v6) return false;
  if (family === "ipv6" && !v6) return false;
  if (!(v6 ? isIpv6(addr) : isIpv4(addr))) return false;
  return Number(bits) <= (v6 ? 128 : 32);
}
