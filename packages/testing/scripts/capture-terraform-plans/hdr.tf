terraform {
  required_providers {
    tfkite2e = { source = "example.test/tfkit/tfkite2e" }
  }
}
