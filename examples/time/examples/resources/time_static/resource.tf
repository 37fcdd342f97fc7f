# A timestamp taken once, when the resource is created, and kept in state.
resource "time_static" "created" {}

output "created_year" {
  value = time_static.created.year
}
