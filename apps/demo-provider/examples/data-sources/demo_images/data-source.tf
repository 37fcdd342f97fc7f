data "demo_images" "linux" {
  name_prefix = "debian"
}
