terraform {
  required_providers {
    tfkite2e = { source = "example.test/tfkit/tfkite2e" }
  }
}
resource "tfkite2e_thing" "x" {
  name    = "web"
  secrets = [{ k = "a", v = "s2" }, { k = "b", v = "new" }]
  svc     = [{ p = 1, q = "y" }, { p = 3 }]
  cfg     = { x = "a" }
  labels  = { k2 = { v = "two" } }
}
