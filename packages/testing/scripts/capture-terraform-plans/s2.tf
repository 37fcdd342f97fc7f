terraform {
  required_providers {
    tfkite2e = { source = "example.test/tfkit/tfkite2e" }
  }
}
resource "tfkite2e_thing" "x" {
  name     = "web"
  size     = 0.1
  script   = "a\n\nb\n\n"
  args     = ["\"q\"", "tab\there", "é", "\u0001"]
  cfg      = { x = "", y = "y" }
}
