resource "kinds_gauge" "a" {
  ratio    = 0.01
  replicas = 3
}
