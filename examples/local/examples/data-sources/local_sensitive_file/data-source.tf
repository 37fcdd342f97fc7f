data "local_sensitive_file" "key" {
  filename = "${path.module}/id_ed25519"
}
