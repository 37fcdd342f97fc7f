resource "demo_network" "app" {
  name = "app"
  cidr = "10.10.0.0/24"
}
