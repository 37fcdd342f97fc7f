terraform {
  required_providers {
    tfkite2e = { source = "example.test/tfkit/tfkite2e" }
  }
}
resource "tfkite2e_thing" "x" {
  name    = "web"
  secrets = [{ k = "a", v = "s1" }, { k = "b" }]
  svc     = [{ p = 1, q = "x" }, { p = 2 }]
  cfg     = { x = "a", y = "b" }
  labels  = { k1 = { v = "one" }, k2 = { v = "two" } }
}
