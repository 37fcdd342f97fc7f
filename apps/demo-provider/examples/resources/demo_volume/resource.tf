resource "demo_volume" "data" {
  name      = "data"
  size      = 10
  server_id = demo_server.web.id
}
