terraform {
  required_providers {
    tfkite2e = { source = "example.test/tfkit/tfkite2e" }
  }
}
resource "tfkite2e_thing" "x" {
  name     = "web"
  size     = 2000000
  tags     = { env = "prod", team = "b", new = "x" }
  ports    = ["80", "8080"]
  args     = ["a", "x", "c", "d", "e"]
  password = "hunter3"
  script   = "line1\nline2 changed\nline3\n"
  meta     = { a = "x", b = 2 }
  disks    = [{ size_gb = 10 }, { size_gb = 30 }]
  labels   = { k1 = { v = "one" }, k2 = { v = "two" } }
  network_interface {
    subnet = "a"
  }
  rule {
    port = 22
  }
  rule {
    port = 80
  }
  timeouts {
    create = "5m"
  }
}
