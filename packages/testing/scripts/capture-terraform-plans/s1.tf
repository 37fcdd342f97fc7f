terraform {
  required_providers {
    tfkite2e = { source = "example.test/tfkit/tfkite2e" }
  }
}
resource "tfkite2e_thing" "x" {
  name     = "web"
  size     = 1000000
  tags     = { env = "prod", team = "a" }
  ports    = ["80", "443"]
  args     = ["a", "b", "c", "d"]
  password = "hunter2"
  script   = "line1\nline2\n"
  meta     = { a = "x", b = 1.5 }
  disks    = [{ size_gb = 10 }, { size_gb = 20 }]
  labels   = { k1 = { v = "one" } }
  cfg      = { x = "" }
  network_interface {
    subnet = "a"
  }
  network_interface {
    subnet = "b"
  }
  rule {
    port = 22
  }
  timeouts {
    create = "5m"
  }
}
