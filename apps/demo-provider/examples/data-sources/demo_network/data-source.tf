data "demo_network" "default" {
  name = "default"
}
